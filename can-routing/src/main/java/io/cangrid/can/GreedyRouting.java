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
 * distance from the point to the box); at distance 0, the one on fewer of whose open upper faces the point
 * lies ({@link #upperFacesAt}); then the smaller node id. In a tiling of boxes some face neighbour is always
 * nearer than the current zone by this order, so a consistent overlay always delivers.
 *
 * <p>Greedy forwarding is short in near-cubic zones but crawls through stacks of thin slabs, which points
 * sharing their real coordinates produce: from a slab far from the target along its thin side, a route
 * first {@link SlabClimb climbs} out of the stack and then turns greedy for good.
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
    static Forward forward(OwnZones own, NodeId self, List<NeighbourEntry> neighbours, Acquaintances acquaintances,
            RouteEnvelope env, RandomGenerator random) {
        if (neighbours.isEmpty()) {
            return null;
        }
        if (env.via() != null && knows(neighbours, env.via())) {
            return new Forward(env.via(), env.nextHop());
        }
        Point target = env.target();
        NodeId best = null;
        double bestDistance = Double.POSITIVE_INFINITY;
        int bestFaces = Integer.MAX_VALUE;
        for (NeighbourEntry e : neighbours) {
            for (Zone z : e.zones()) {
                // A zone that contains the point beats one that merely touches it at distance 0.
                double d = z.contains(target) ? -1.0 : z.distanceTo(target);
                int faces = d == 0 ? upperFacesAt(z, target) : 0;
                if (d < bestDistance || (d == bestDistance && (faces < bestFaces
                        || (faces == bestFaces && best != null && e.id().compareTo(best) < 0)))) {
                    bestDistance = d;
                    bestFaces = faces;
                    best = e.id();
                }
            }
        }
        boolean ownerKnown = bestDistance < 0;
        if (env.walk() > 0 && !ownerKnown) {
            return new Forward(randomStep(neighbours, acquaintances, random), env.nextHop());
        }
        int leg = env.leg();
        if (!ownerKnown && leg >= RouteEnvelope.LEG_GREEDY) {
            Forward climb = climb(own, self, neighbours, env);
            if (climb != null) {
                return climb;
            }
            if (leg > RouteEnvelope.LEG_GREEDY) {
                leg = RouteEnvelope.finalLeg(env.climbDimension());
            }
        }
        double ownDistance = own.distanceTo(target);
        boolean nearer = bestDistance < ownDistance
                || (bestDistance == 0 && ownDistance == 0 && bestFaces < ownUpperFacesAt(own, target));
        if (!nearer && env.payload() instanceof NeighbourProbe) {
            return new Forward(randomStep(neighbours, acquaintances, random), env.startWalk(WALK_HOPS));
        }
        if (!ownerKnown && leg < RouteEnvelope.LEG_GREEDY) {
            // Descending from a climb: stay level with the target along the climbed axis, or the route drops
            // back into a stack of slabs short of the target and crawls the rest of the way.
            NodeId level = SlabClimb.levelStep(neighbours, target, env.climbDimension(), ownDistance);
            if (level != null) {
                best = level;
            }
        }
        return new Forward(best, env.nextHop(leg, null));
    }

    /**
     * The next step of a climb out of a stack of slabs, starting one if our zone is such a slab far from the
     * target; null when the route is (or now turns) greedy. A climb that ends never restarts, so a route
     * has at most three legs, each of which strictly decreases a distance (the Euclidean one, the one along
     * the climbed axis, the Euclidean one again): it cannot loop.
     */
    private static Forward climb(OwnZones own, NodeId self, List<NeighbourEntry> neighbours, RouteEnvelope env) {
        Point target = env.target();
        Zone home = nearest(own, target);
        int d = env.climbDimension();
        if (env.leg() == RouteEnvelope.LEG_GREEDY) {
            d = SlabClimb.dimensionToClimb(home, target);
            if (d < 0) {
                return null;
            }
        }
        double ownGap = SlabClimb.gap(own.toArray(), d, target);
        if (ownGap == 0) {
            return null;
        }
        SlabClimb.Step step = SlabClimb.step(neighbours, self, target, d, ownGap, home.length(d));
        return step == null ? null : new Forward(step.first(), env.nextHop(RouteEnvelope.climbLeg(d), step.then()));
    }

    /**
     * For a zone whose closure holds {@code p} (distance 0): the dimensions in which {@code p} lies on the
     * zone's upper face, which cells leave open. Points on faces are common (node points sit at discrete
     * capability levels and faces at split positions), and at distance 0 every zone around such a point
     * ties: without this count a route to a corner shared by several zones can bounce between two of them
     * forever. Moving to fewer open faces is greedy towards a point an infinitesimal step above {@code p},
     * which lies in the same owner's zone, so some neighbour always has fewer, until one holds the point.
     */
    static int upperFacesAt(Zone z, Point p) {
        int n = 0;
        for (int d = 0; d < z.dimensions(); d++) {
            if (p.get(d) == z.hi(d) && z.hi(d) < 1.0) {
                n++;
            }
        }
        return n;
    }

    private static int ownUpperFacesAt(OwnZones own, Point p) {
        int fewest = Integer.MAX_VALUE;
        for (Zone z : own.list()) {
            if (z.distanceTo(p) == 0) {
                fewest = Math.min(fewest, upperFacesAt(z, p));
            }
        }
        return fewest;
    }

    private static Zone nearest(OwnZones own, Point target) {
        Zone best = null;
        for (Zone z : own.list()) {
            if (best == null || z.distanceTo(target) < best.distanceTo(target)) {
                best = z;
            }
        }
        return best;
    }

    private static boolean knows(List<NeighbourEntry> neighbours, NodeId id) {
        for (NeighbourEntry e : neighbours) {
            if (e.id().equals(id)) {
                return true;
            }
        }
        return false;
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
