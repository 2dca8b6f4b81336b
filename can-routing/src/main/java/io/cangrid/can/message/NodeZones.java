package io.cangrid.can.message;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;

/**
 * A node's claim on the space: the zones it holds, stamped with the node's own version counter, which
 * grows whenever its zones change. Of two claims by the same node the one with the larger version wins.
 */
public record NodeZones(NodeId node, long version, Zone[] zones) {

    public double volume() {
        double v = 0;
        for (Zone z : zones) {
            v += z.volume();
        }
        return v;
    }

    /**
     * The same claim: same node, version and zones. A claim travels as a copy on a real wire, so this is
     * what a receiver can check where a simulation sharing objects could have compared identities.
     */
    public boolean sameAs(NodeZones other) {
        if (this == other) {
            return true;
        }
        if (other == null || version != other.version || !node.equals(other.node) || zones.length != other.zones.length) {
            return false;
        }
        for (int i = 0; i < zones.length; i++) {
            if (!zones[i].sameAs(other.zones[i])) {
                return false;
            }
        }
        return true;
    }

    public boolean isNeighbourOf(Zone zone) {
        for (Zone z : zones) {
            if (z.isNeighbourOf(zone)) {
                return true;
            }
        }
        return false;
    }
}
