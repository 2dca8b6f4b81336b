package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/**
 * The door a state message passes before any of its values reaches this node's zones or table: the sender
 * names itself, every claim (its own and those it lists) is whole and of this space, its point is a point
 * of this space, and no list or claim is larger than the protocol ever makes one. The wire format already
 * keeps every zone a box inside the space (see {@code Zone}); what it cannot know is the receiver's space
 * and who sent the frame.
 */
final class NeighbourStateCheck {

    /**
     * Claims a neighbour list may hold: a node's neighbours, with the presumed-dead ones it still lists. A
     * uniform overlay has some {@code 4D} neighbours per node; skewed populations stack zones and lists run
     * to a few hundred. Far more than that is no list the protocol makes.
     */
    static final int MAX_LISTED = 4_096;
    /**
     * Zones one claim may hold: a home zone plus those held by takeover and hand-over, which are merged
     * back or returned within a few periods. A thousand is no claim the protocol makes.
     */
    static final int MAX_ZONES = 1_024;

    private NeighbourStateCheck() {
    }

    /**
     * Why {@code s}, received on the session of {@code from}, must be refused in a space of {@code dims}
     * dimensions; null when it may be read.
     */
    static Refusals.Kind problem(NeighbourState s, NodeId from, int dims) {
        if (s.self() == null || s.self().node() == null) {
            return Refusals.Kind.MALFORMED_STATE;
        }
        if (!s.self().node().equals(from)) {
            return Refusals.Kind.WRONG_SENDER;
        }
        if (!claimOk(s.self(), dims) || !pointOk(s.point(), dims) || !claimsOk(s.listed(), dims)
                || !claimsOk(s.changed(), dims) || !nodesOk(s.dropped())
                || (s.world() != null && !WorldCheck.ok(s.world()))) {
            return Refusals.Kind.MALFORMED_STATE;
        }
        return null;
    }

    /** True when {@code c} names a node, has a version and holds at most {@link #MAX_ZONES} zones of this space. */
    static boolean claimOk(NodeZones c, int dims) {
        if (c == null || c.node() == null || c.version() < 0 || c.zones() == null || c.zones().length > MAX_ZONES) {
            return false;
        }
        return zonesOk(c.zones(), dims);
    }

    /** True when every zone is there, of {@code dims} dimensions, with a path and an epoch of zero or more. */
    static boolean zonesOk(Zone[] zones, int dims) {
        for (Zone z : zones) {
            if (z == null || z.dimensions() != dims || z.path() == null || z.epoch() < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean claimsOk(NodeZones[] claims, int dims) {
        if (claims == null) {
            // A message of changes carries no base list; the record fills missing changes itself.
            return true;
        }
        if (claims.length > MAX_LISTED) {
            return false;
        }
        for (NodeZones c : claims) {
            if (!claimOk(c, dims)) {
                return false;
            }
        }
        return true;
    }

    private static boolean nodesOk(NodeId[] nodes) {
        if (nodes.length > MAX_LISTED) {
            return false;
        }
        for (NodeId n : nodes) {
            if (n == null) {
                return false;
            }
        }
        return true;
    }

    private static boolean pointOk(Point p, int dims) {
        if (p == null || p.dimensions() != dims) {
            return false;
        }
        for (int i = 0; i < dims; i++) {
            if (!Double.isFinite(p.get(i))) {
                return false;
            }
        }
        return true;
    }
}
