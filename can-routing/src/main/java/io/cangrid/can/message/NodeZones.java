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

    public boolean isNeighbourOf(Zone zone) {
        for (Zone z : zones) {
            if (z.isNeighbourOf(zone)) {
                return true;
            }
        }
        return false;
    }
}
