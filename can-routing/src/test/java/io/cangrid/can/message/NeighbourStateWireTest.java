package io.cangrid.can.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.wire.MessageCodec;
import io.cangrid.overlay.wire.WireFormatException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Neighbour states on the wire: changes only, and zones in their short form. */
class NeighbourStateWireTest {

    private final MessageCodec codec = MessageCodec.discover(1 << 20);

    private static Zone deep(int levels) {
        Zone z = Zone.wholeSpace(4);
        for (int i = 0; i < levels; i++) {
            int d = i % 4;
            z = z.split(d, z.lo(d) + z.length(d) / 2, z.epoch() + 1)[i % 2];
        }
        return z;
    }

    @Test
    void aStateWithChangesOnlyComesBackAsSent() {
        NodeZones self = new NodeZones(NodeId.of(7), 3, new Zone[] {deep(12)});
        NodeZones other = new NodeZones(NodeId.of(8), 5, new Zone[] {deep(13)});
        NeighbourState sent = new NeighbourState(self, Point.of(0.1, 0.2, 0.3, 0.4), new Capabilities(), null, 4,
                new NodeZones[] {other}, new NodeId[] {NodeId.of(9)}, 6, null);
        NeighbourState back = (NeighbourState) codec.decode(codec.encode(sent));
        assertThat(back.carriesList()).isFalse();
        assertThat(back.baseVersion()).isEqualTo(4);
        assertThat(back.listVersion()).isEqualTo(6);
        assertThat(back.self().sameAs(self)).isTrue();
        assertThat(back.changed()).hasSize(1);
        assertThat(back.changed()[0].sameAs(other)).isTrue();
        assertThat(back.dropped()).containsExactly(NodeId.of(9));
        assertThat((Object) codec.decode(codec.encode(new ListRequest()))).isEqualTo(new ListRequest());
    }

    /** A claim on its own, as a state whose only content is that claim. */
    private static NeighbourState carrying(NodeZones c) {
        return new NeighbourState(c, Point.of(0.5, 0.5, 0.5, 0.5), new Capabilities(), null, 0, null, null, 0, null);
    }

    private int bytes(NodeZones c) {
        return codec.encode(carrying(c)).length;
    }

    @Test
    void zonesFromHalvingTravelShortAndOthersWhole() {
        Zone halved = deep(20);
        Zone odd = new Zone(new double[] {0.1, 0.2, 0.3, 1.0 / 3}, new double[] {0.7, 0.9, 0.31, 0.5},
                ZonePath.ROOT.child(1), 9);
        for (Zone z : new Zone[] {halved, odd, Zone.wholeSpace(4)}) {
            NodeZones c = new NodeZones(NodeId.of(1), 1, new Zone[] {z});
            NodeZones back = ((NeighbourState) codec.decode(codec.encode(carrying(c)))).self();
            assertThat(back.sameAs(c)).as(z.toString()).isTrue();
        }
        int base = bytes(new NodeZones(NodeId.of(1), 1, new Zone[0]));
        int halvedBytes = bytes(new NodeZones(NodeId.of(1), 1, new Zone[] {halved})) - base;
        int oddBytes = bytes(new NodeZones(NodeId.of(1), 1, new Zone[] {odd})) - base;
        assertThat(halvedBytes).as("a zone 20 halvings deep").isLessThan(40);
        assertThat(oddBytes).as("faces at arbitrary places").isGreaterThan(halvedBytes);
    }

    @Test
    void aZoneOutsideTheSpaceIsRefused() {
        Zone z = deep(3);
        byte[] bytes = codec.encode(carrying(new NodeZones(NodeId.of(1), 1, new Zone[] {z})));
        // Flip bits until the decoder sees a coordinate outside [0, 1] or a box turned inside out.
        int refused = 0;
        for (int i = 0; i < bytes.length; i++) {
            byte[] broken = Arrays.copyOf(bytes, bytes.length);
            broken[i] ^= (byte) 0x40;
            try {
                Object back = codec.decode(broken);
                assertThat(back).isInstanceOf(NeighbourState.class);
            } catch (WireFormatException e) {
                refused++;
            }
        }
        assertThat(refused).as("corrupted frames refused with a wire format error").isPositive();
        assertThatThrownBy(() -> codec.decode(Arrays.copyOf(bytes, bytes.length - 3)))
                .isInstanceOf(WireFormatException.class);
    }
}
