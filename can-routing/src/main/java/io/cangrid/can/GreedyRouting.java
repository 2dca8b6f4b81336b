package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourProbe;
import io.cangrid.can.message.RouteEnvelope;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Greedy CAN forwarding: the next hop is the neighbour whose zone is nearest to the target (Euclidean
 * distance from the point to the box), ties broken by the smaller node id. In a tiling of boxes some face
 * neighbour is always strictly nearer than the current zone, so a consistent overlay always delivers and
 * never leaves this rule.
 *
 * <p>While the overlay is still repairing, a node may know no neighbour nearer than itself: the space it
 * borders lies with a node it has not heard of. Greedy forwarding from any of its neighbours would bring
 * the message straight back. A probe looking for that missing neighbour then sets off on a short random
 * walk, which carries it past the gap in this node's knowledge to nodes that may know the owner; greedy
 * forwarding resumes after the walk, and a walk stops early at a node that knows the owner. A walk may
 * also step to an {@link Acquaintances acquaintance}, so it can leave a region whose nodes know only
 * each other. Other messages keep to greedy forwarding: a join or a job delivered through a half-repaired
 * region would land on a node whose claim is about to be withdrawn, while waiting (joins retry) lets
 * repair finish.
 */
final class GreedyRouting {

    /** Random hops taken after a dead end: enough to get around one node's neighbourhood. */
    static final int WALK_HOPS = 3;

    private GreedyRouting() {
    }

    /** The next hop for {@code env} and the envelope to send there; null when we know no one at all. */
    static Forward forward(List<NeighbourEntry> neighbours, Acquaintances acquaintances, RouteEnvelope env,
            double ownDistance, RandomGenerator random) {
        if (neighbours.isEmpty()) {
            return null;
        }
        Point target = env.target();
        NodeId best = null;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (NeighbourEntry e : neighbours) {
            for (Zone z : e.zones()) {
                // A zone that contains the point beats one that merely touches it at distance 0.
                double d = z.contains(target) ? -1.0 : z.distanceTo(target);
                if (d < bestDistance || (d == bestDistance && best != null && e.id().compareTo(best) < 0)) {
                    bestDistance = d;
                    best = e.id();
                }
            }
        }
        boolean ownerKnown = bestDistance < 0;
        if (env.walk() > 0 && !ownerKnown) {
            return new Forward(randomStep(neighbours, acquaintances, random), env.nextHop());
        }
        if (bestDistance >= ownDistance && env.payload() instanceof NeighbourProbe) {
            return new Forward(randomStep(neighbours, acquaintances, random), env.startWalk(WALK_HOPS));
        }
        return new Forward(best, env.nextHop());
    }

    /** A random neighbour or acquaintance: a walk must be able to leave the neighbourhood it is stuck in. */
    private static NodeId randomStep(List<NeighbourEntry> neighbours, Acquaintances acquaintances,
            RandomGenerator random) {
        int pick = random.nextInt(neighbours.size() + acquaintances.size());
        return pick < neighbours.size() ? neighbours.get(pick).id() : acquaintances.get(pick - neighbours.size());
    }

    /** Where a routed message goes next, and as what. */
    record Forward(NodeId to, RouteEnvelope envelope) {
    }
}
