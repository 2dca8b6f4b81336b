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
    void aBeatComesBackAsSentInAFewBytes() {
        NeighbourBeat[] beats = {new NeighbourBeat(3, 40, 41, 1_764_000_000_000L, 1_200, 90_000),
            new NeighbourBeat(0, 0, 0, NeighbourBeat.NO_WORLD, 0, 0)};
        for (NeighbourBeat beat : beats) {
            byte[] bytes = codec.encode(beat);
            assertThat((Object) codec.decode(bytes)).isEqualTo(beat);
            // Its id, then five short numbers; a state names a claim, a point and capabilities besides.
            assertThat(bytes.length).as("%s", beat).isLessThanOrEqualTo(18);
        }
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

    /** Two neighbouring zones cut by faces at arbitrary places, as sliding-midpoint splits leave them. */
    private static Zone[] touchingPair() {
        Zone left = new Zone(new double[] {0.1, 0.2, 0.3, 1.0 / 3}, new double[] {0.7, 0.9, 0.31, 0.5},
                ZonePath.ROOT.child(0), 9);
        Zone right = new Zone(new double[] {0.7, 0.2, 0.3, 1.0 / 3}, new double[] {0.8, 0.9, 0.31, 0.5},
                ZonePath.ROOT.child(1), 9);
        return new Zone[] {left, right};
    }

    @Test
    void aFaceAlreadyCarriedTravelsAsItsNumber() {
        Zone[] pair = touchingPair();
        NodeZones a = new NodeZones(NodeId.of(1), 1, new Zone[] {pair[0]});
        NodeZones b = new NodeZones(NodeId.of(2), 1, new Zone[] {pair[1]});
        NeighbourState alone = new NeighbourState(a, Point.of(0.5, 0.5, 0.5, 0.5), new Capabilities(), null, 0,
                null, null, 0, null);
        NeighbourState both = new NeighbourState(a, Point.of(0.5, 0.5, 0.5, 0.5), new Capabilities(), null, 0,
                new NodeZones[] {b}, null, 0, null);
        int second = codec.encode(both).length - codec.encode(alone).length;
        // The second zone brings one new face (0.8, whole); its seven others are numbers of a byte each.
        int newFaces = 1 + Double.BYTES;
        // Node id, version, zone count, path, epoch, array: the dimensions came with the message's first zone.
        int claimFrame = 10 + 1 + 1 + 2 + 1 + 1;
        assertThat(second).as("bytes of the second claim").isLessThanOrEqualTo(claimFrame + 7 + newFaces);
        NeighbourState back = (NeighbourState) codec.decode(codec.encode(both));
        assertThat(back.self().sameAs(a)).isTrue();
        assertThat(back.changed()[0].sameAs(b)).isTrue();
    }

    @Test
    void zonesOfOtherDimensionsCannotShareAMessage() {
        NodeZones mixed = new NodeZones(NodeId.of(3), 1, new Zone[] {touchingPair()[0], Zone.wholeSpace(2)});
        assertThatThrownBy(() -> codec.encode(carrying(mixed)))
                .hasStackTraceContaining("zones of 4 and 2 dimensions cannot travel in one message");
    }

    @Test
    void eachMessageNumbersItsFacesAfresh() {
        Zone[] pair = touchingPair();
        NodeZones a = new NodeZones(NodeId.of(1), 1, new Zone[] {pair[0]});
        NodeZones b = new NodeZones(NodeId.of(2), 4, new Zone[] {pair[1], deep(9)});
        NeighbourState first = new NeighbourState(a, Point.of(0.5, 0.5, 0.5, 0.5), new Capabilities(), null, 0,
                new NodeZones[] {b}, null, 0, null);
        NeighbourState second = new NeighbourState(b, Point.of(0.75, 0.5, 0.5, 0.5), new Capabilities(),
                new NodeZones[] {a}, 2, null, null, 3, null);
        byte[] firstBytes = codec.encode(first);
        byte[] secondBytes = codec.encode(second);
        // Another codec (another node) reads them in the other order: no face numbering leaks between messages.
        MessageCodec reader = MessageCodec.discover(1 << 20);
        NeighbourState secondBack = (NeighbourState) reader.decode(secondBytes);
        NeighbourState firstBack = (NeighbourState) reader.decode(firstBytes);
        assertThat(secondBack.self().sameAs(b)).isTrue();
        assertThat(secondBack.listed()[0].sameAs(a)).isTrue();
        assertThat(firstBack.self().sameAs(a)).isTrue();
        assertThat(firstBack.changed()[0].sameAs(b)).isTrue();
        assertThat(codec.encode(second)).as("the same message encodes the same every time").isEqualTo(secondBytes);
    }
}
