package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.List;

/**
 * Getting out of a stack of slabs. Nodes that share their real coordinates (capability points come in a
 * few discrete levels) differ only in the virtual one, so their zones are slabs stacked along it, and
 * the most common machine types make stacks thousands of slabs high. Greedy forwarding first closes the
 * real distance, the larger one, and then crawls along the stack a slab per hop. A node whose zone is
 * such a slab, with the target many slabs away along it, starts a climb instead: each hop goes to the
 * known zone, one or two hops away, that reaches furthest towards the target along that dimension, which
 * leads out of the stack to sparser regions where zones are thick, and the route turns greedy again once
 * a zone spans the target's coordinate. The distance along the climbed dimension strictly shrinks at
 * every step, so a climb ends; uniform points make near-cubic zones and never climb.
 */
final class SlabClimb {

    /** A zone is a slab when its thinnest side is this many times thinner than every other side. */
    static final double SLAB_RATIO = 4;
    /** Climb only when the target lies more than this many slab thicknesses away along the slab's axis. */
    static final double MIN_SLABS_AWAY = 4;

    private SlabClimb() {
    }

    /** The dimension to climb along from {@code zone} towards {@code target}, or -1 to stay greedy. */
    static int dimensionToClimb(Zone zone, Point target) {
        int thin = 0;
        for (int d = 1; d < zone.dimensions(); d++) {
            if (zone.length(d) < zone.length(thin)) {
                thin = d;
            }
        }
        for (int d = 0; d < zone.dimensions(); d++) {
            if (d != thin && zone.length(thin) * SLAB_RATIO > zone.length(d)) {
                return -1;
            }
        }
        return gap(zone, thin, target) > MIN_SLABS_AWAY * zone.length(thin) ? thin : -1;
    }

    /**
     * The next step of a climb along {@code d} from a zone {@code ownGap} short of the target's coordinate,
     * in units of {@code unit} (the own zone's thickness): the neighbour to send to and, for a two-hop step,
     * the node it passes the message on to. Null when no known zone comes closer (a table still repairing).
     */
    static Step step(List<NeighbourEntry> neighbours, NodeId self, Point target, int d, double ownGap, double unit) {
        Choice best = new Choice(target, d, ownGap, unit);
        for (NeighbourEntry e : neighbours) {
            best.consider(e.zones(), e.id(), null, 1);
            for (NodeZones m : e.listed()) {
                if (!m.node().equals(self) && !m.node().equals(e.id())) {
                    best.consider(m.zones(), e.id(), m.node(), 2);
                }
            }
        }
        return best.first == null ? null : new Step(best.first, best.then);
    }

    /**
     * After a climb along {@code d}: the neighbour nearest to the target among those nearer than we are
     * ({@code ownDistance}) whose zones span the target's coordinate along {@code d}, or null. When our own
     * zone spans it, such a neighbour always exists in a consistent overlay (the one just past our
     * nearest point to the target), so the descent stays level and never crawls.
     */
    static NodeId levelStep(List<NeighbourEntry> neighbours, Point target, int d, double ownDistance) {
        NodeId best = null;
        double bestDistance = ownDistance;
        for (NeighbourEntry e : neighbours) {
            for (Zone z : e.zones()) {
                double dist = z.distanceTo(target);
                if (gap(z, d, target) == 0 && (dist < bestDistance || (dist == bestDistance && best != null
                        && e.id().compareTo(best) < 0))) {
                    bestDistance = dist;
                    best = e.id();
                }
            }
        }
        return best;
    }

    /** Distance along {@code d} from the target's coordinate to the nearest of {@code zones}. */
    static double gap(Zone[] zones, int d, Point target) {
        double best = Double.POSITIVE_INFINITY;
        for (Zone z : zones) {
            best = Math.min(best, gap(z, d, target));
        }
        return best;
    }

    static double gap(Zone z, int d, Point target) {
        double x = target.get(d);
        return x < z.lo(d) ? z.lo(d) - x : (x > z.hi(d) ? x - z.hi(d) : 0.0);
    }

    /** Where a climb goes next: {@code first}, which passes the message on to {@code then} unless null. */
    record Step(NodeId first, NodeId then) {
    }

    /**
     * The best end seen so far: fewest estimated hops (hops to the end plus the gap left there, in units of
     * our own thickness), then the smaller distance to the target, then the smaller node id. Only ends
     * strictly closer along the climbed dimension than our own zone count.
     */
    private static final class Choice {
        private final Point target;
        private final int d;
        private final double ownGap;
        private final double unit;
        private NodeId first;
        private NodeId then;
        private double cost = Double.POSITIVE_INFINITY;
        private double distance = Double.POSITIVE_INFINITY;

        Choice(Point target, int d, double ownGap, double unit) {
            this.target = target;
            this.d = d;
            this.ownGap = ownGap;
            this.unit = unit;
        }

        void consider(Zone[] zones, NodeId viaFirst, NodeId viaThen, int hops) {
            double g = gap(zones, d, target);
            if (!(g < ownGap)) {
                return;
            }
            double c = hops + g / unit;
            double dist = distance(zones, target);
            if (c < cost || (c == cost && (dist < distance || (dist == distance && viaFirst.compareTo(first) < 0)))) {
                cost = c;
                distance = dist;
                first = viaFirst;
                then = viaThen;
            }
        }

        private static double distance(Zone[] zones, Point target) {
            double best = Double.POSITIVE_INFINITY;
            for (Zone z : zones) {
                best = Math.min(best, z.distanceTo(target));
            }
            return best;
        }
    }
}
