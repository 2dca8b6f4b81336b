package io.cangrid.can.message;

import io.cangrid.can.geometry.GeometryValues;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.wire.KernelValues;
import io.cangrid.overlay.ValueCodec;
import io.cangrid.overlay.ValueReader;
import io.cangrid.overlay.ValueWriter;
import io.cangrid.overlay.wire.WireFormatException;
import io.cangrid.overlay.MessageRegistry;

/** The CAN protocol's wire ids (100–199). */
public final class CanMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(100, RouteEnvelope.class)
                .register(101, JoinRequest.class)
                .register(102, JoinAccept.class)
                .register(103, NeighbourState.class)
                .register(104, ZoneHandoff.class)
                .register(105, Takeover.class)
                .register(107, NeighbourProbe.class)
                .register(108, JoinContacts.class)
                .register(109, ListRequest.class)
                .register(110, OwnerNotice.class)
                .register(111, WorldBeacon.class)
                .register(112, WorldHello.class)
                .register(113, WorldMerge.class)
                .register(114, NeighbourBeat.class, new BeatValue())
                .register(130, RoutingProbe.class)
                .register(150, NodeZones.class, new NodeZonesValue())
                .register(151, NodeZones[].class)
                .register(152, Zone.class, GeometryValues.zones())
                .register(153, Zone[].class)
                .register(154, ZonePath.class, GeometryValues.paths());
    }

    /**
     * A beat is most of an idle node's traffic: six variable-length numbers, a few bytes, rather than the
     * generic record form's. Values that no correct sender writes are read as they are and refused by the
     * receiving node, which names them.
     */
    private static final class BeatValue implements ValueCodec<NeighbourBeat> {

        @Override
        public void write(ValueWriter out, NeighbourBeat beat) {
            out.writeVarLong(beat.version(), true);
            out.writeVarLong(beat.baseVersion(), true);
            out.writeVarLong(beat.listVersion(), true);
            out.writeVarLong(beat.worldTerm() + 1, true);
            out.writeVarInt(beat.worldBeat(), true);
            out.writeVarLong(beat.serial(), true);
        }

        @Override
        public NeighbourBeat read(ValueReader in) {
            return new NeighbourBeat(in.readVarLong(true), in.readVarLong(true), in.readVarLong(true),
                    in.readVarLong(true) - 1, in.readVarInt(true), in.readVarLong(true));
        }
    }

    /**
     * Claims fill every neighbour state, a dozen or more at a time; written by hand (zones without a class
     * id each, no reflection) they encode and decode several times faster than the generic record form.
     */
    private static final class NodeZonesValue implements ValueCodec<NodeZones> {

        private final ValueCodec<Zone> zones = GeometryValues.zones();
        private final ValueCodec<NodeId> nodes = KernelValues.nodeIds();

        @Override
        public void write(ValueWriter out, NodeZones claim) {
            nodes.write(out, claim.node());
            out.writeVarLong(claim.version(), false);
            Zone[] held = claim.zones();
            out.writeVarInt(held.length, true);
            for (Zone z : held) {
                zones.write(out, z);
            }
        }

        @Override
        public NodeZones read(ValueReader in) {
            NodeId node = nodes.read(in);
            long version = in.readVarLong(false);
            int n = in.readVarInt(true);
            // A zone takes at least three bytes (a coordinate tag, path depth, epoch): refuse counts the frame cannot hold.
            if (n > in.remaining() / 3) {
                throw new WireFormatException("a claim of " + n + " zone(s) cannot fit in the frame");
            }
            Zone[] held = new Zone[n];
            for (int i = 0; i < n; i++) {
                held[i] = zones.read(in);
            }
            return new NodeZones(node, version, held);
        }
    }
}
