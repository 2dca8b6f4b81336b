package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.List;

/**
 * Greedy CAN forwarding: the next hop is the neighbour whose zone is nearest to the target (Euclidean
 * distance from the point to the box), ties broken by the smaller node id. In a tiling of boxes some face
 * neighbour is always strictly nearer than the current zone, so a consistent overlay always delivers.
 */
public final class GreedyRouting {

    private GreedyRouting() {
    }

    public static NodeId nextHop(List<NeighbourEntry> neighbours, Point target) {
        NodeId best = null;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (NeighbourEntry e : neighbours) {
            Zone[] zones = e.zones();
            for (Zone z : zones) {
                double d = z.distanceTo(target);
                if (d < bestDistance || (d == bestDistance && best != null && e.id().compareTo(best) < 0)) {
                    bestDistance = d;
                    best = e.id();
                }
            }
        }
        return best;
    }
}
