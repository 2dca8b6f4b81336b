package io.cangrid.load.push;

import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.match.Candidate;
import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The frontier of the nearest-first search. A capable node's point lies in the job's upper orthant, and
 * the closer it lies to the job's point in the real dimensions, the less the node is over-provisioned for
 * the job: visiting zones in order of that distance finds the best-fitting free nodes first. Distance in the
 * virtual dimension only breaks ties, so nodes of one capability class are visited nearest first too.
 */
final class SearchFrontier {

    private static final double VIRTUAL_WEIGHT = 1e-3;
    private static final double FACE_TOLERANCE = 1e-9;
    /** Larger than any distance or surplus in normalised coordinates, so a node that looks free comes first. */
    private static final double LOOKS_FREE_PRIORITY = 1e3;

    private final List<NodeId> ids;
    private final List<Double> distances;

    SearchFrontier(NodeId[] ids, double[] distances) {
        this.ids = new ArrayList<>(Arrays.asList(ids));
        this.distances = new ArrayList<>(distances.length);
        for (double d : distances) {
            this.distances.add(d);
        }
    }

    /** Adds the neighbours whose zones reach the job's upper orthant and that were neither visited nor queued. */
    void addNeighbours(List<NeighbourEntry> neighbours, Point job, int realDimensions, NodeId[] visited) {
        for (NeighbourEntry n : neighbours) {
            if (contains(visited, n.id()) || ids.contains(n.id())) {
                continue;
            }
            double best = Double.POSITIVE_INFINITY;
            for (Zone z : n.zones()) {
                best = Math.min(best, distance(z, job, realDimensions));
            }
            if (best < Double.POSITIVE_INFINITY) {
                ids.add(n.id());
                distances.add(best);
            }
        }
    }

    /**
     * Puts the candidates that look free and are not {@code self} at the head of the frontier, the better
     * fitting first (by {@code surplus}), so that they are visited, and asked, before any zone merely
     * nearer; nodes already visited stay out.
     */
    void preferLooksFree(List<Candidate> capable, NodeId self, ToDoubleFunction<Candidate> surplus,
            NodeId[] visited) {
        for (Candidate c : capable) {
            if (!c.isFree() || c.id().equals(self) || contains(visited, c.id())) {
                continue;
            }
            double priority = surplus.applyAsDouble(c) - LOOKS_FREE_PRIORITY;
            int at = ids.indexOf(c.id());
            if (at < 0) {
                ids.add(c.id());
                distances.add(priority);
            } else if (priority < distances.get(at)) {
                distances.set(at, priority);
            }
        }
    }

    boolean isEmpty() {
        return ids.isEmpty();
    }

    /** Removes and returns the nearest node (the first of equals, so the search is reproducible). */
    NodeId pollNearest() {
        int best = 0;
        for (int i = 1; i < ids.size(); i++) {
            if (distances.get(i) < distances.get(best)) {
                best = i;
            }
        }
        distances.remove(best);
        return ids.remove(best);
    }

    NodeId[] ids() {
        return ids.toArray(NodeId[]::new);
    }

    double[] distances() {
        double[] out = new double[distances.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = distances.get(i);
        }
        return out;
    }

    /** L1 distance from the job's point to the part of the zone inside its upper orthant; infinite if none. */
    static double distance(Zone z, Point job, int realDimensions) {
        double sum = 0;
        for (int d = 0; d < realDimensions; d++) {
            if (z.hi(d) <= job.get(d) - FACE_TOLERANCE) {
                return Double.POSITIVE_INFINITY;
            }
            sum += Math.max(0, z.lo(d) - job.get(d));
        }
        for (int d = realDimensions; d < z.dimensions(); d++) {
            double x = job.get(d);
            sum += VIRTUAL_WEIGHT * (x < z.lo(d) ? z.lo(d) - x : Math.max(0, x - z.hi(d)));
        }
        return sum;
    }

    static boolean contains(NodeId[] ids, NodeId id) {
        for (NodeId x : ids) {
            if (x.equals(id)) {
                return true;
            }
        }
        return false;
    }
}
