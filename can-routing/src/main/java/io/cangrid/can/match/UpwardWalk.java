package io.cangrid.can.match;

import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;

/** The upward walk of CAN matchmaking (design.md §3): where a job goes when no node around can run it. */
public final class UpwardWalk {

    private UpwardWalk() {
    }

    /**
     * The upper neighbour, in a dimension where this node falls short, whose capabilities leave the
     * smallest total normalised shortfall; null when there is none not yet walked.
     */
    public static NodeId next(CanNode can, ResourceSchema schema, Requirements req, NodeId[] walked) {
        Capabilities own = can.capabilities();
        NodeId best = null;
        double bestShortfall = Double.POSITIVE_INFINITY;
        for (NeighbourEntry n : can.neighbours()) {
            NeighbourState state = n.lastState();
            if (state == null || BasicCanLocator.contains(walked, n.id()) || !isAboveWhereShort(can, n.zones(), own, req)) {
                continue;
            }
            double shortfall = shortfall(schema, state.capabilities(), req);
            if (shortfall < bestShortfall) {
                bestShortfall = shortfall;
                best = n.id();
            }
        }
        return best;
    }

    private static boolean isAboveWhereShort(CanNode can, Zone[] theirs, Capabilities own, Requirements req) {
        for (int d = 0; d < req.size(); d++) {
            if (own.get(d) >= req.get(d)) {
                continue;
            }
            for (Zone mine : can.zones()) {
                for (Zone z : theirs) {
                    if (mine.hasUpperNeighbour(z, d)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static double shortfall(ResourceSchema schema, Capabilities caps, Requirements req) {
        double sum = 0;
        for (int d = 0; d < req.size(); d++) {
            if (caps.get(d) < req.get(d)) {
                sum += schema.dimension(d).normalise(req.get(d)) - schema.dimension(d).normalise(caps.get(d));
            }
        }
        return sum;
    }

}
