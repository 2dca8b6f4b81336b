package io.cangrid.load;

import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.match.CanGridNodes;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.jobs.JobNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The invariants of Eq. 1–2 on a settled overlay, read from what the nodes publish, and the two lengths
 * that bound how long the aggregates take to become exact: the overlay's diameter and its longest upward
 * chain of zones.
 */
final class AggregateCheck {

    static final double SUM_TOLERANCE = 1e-6;
    static final double WEIGHT_TOLERANCE = 1e-9;

    private AggregateCheck() {
    }

    /**
     * Null when, in every dimension d, {@code Info + AggrInfo_d} summed over the published zones on the lower
     * face {@code lo_d = 0} equals the node count and the total queue length; otherwise what differs.
     */
    static String lowerFaceMismatch(List<JobNode<CanOverlay>> nodes) {
        List<ZoneLoad> published = new ArrayList<>();
        double totalQueue = 0;
        int dims = -1;
        for (JobNode<CanOverlay> n : nodes) {
            totalQueue += n.agent().queue().length();
            for (ZoneLoad z : LoadGrid.loadsOf(n).zones()) {
                published.add(z);
                dims = z.zone().dimensions();
            }
        }
        StringBuilder out = new StringBuilder();
        for (int d = 0; d < dims; d++) {
            double count = 0;
            double queued = 0;
            for (ZoneLoad z : published) {
                if (z.zone().lo(d) == 0.0) {
                    count += z.nodesFrom(d);
                    queued += z.queuedFrom(d);
                }
            }
            if (Math.abs(count - nodes.size()) > SUM_TOLERANCE || Math.abs(queued - totalQueue) > SUM_TOLERANCE) {
                out.append(String.format(Locale.ROOT, "dimension %d: nodes %.9f of %d, queued %.9f of %.0f; ", d,
                        count, nodes.size(), queued, totalQueue));
            }
        }
        return out.length() == 0 ? null : out.toString();
    }

    /**
     * Null when, for every zone M and dimension d with M's lower face inside the space, the multipliers
     * {@code f_d(N, M)} of M's lower neighbours N in d (as M's holder knows them: its neighbour table and
     * its own other zones) sum to 1; otherwise the first zone where they do not.
     */
    static String weightMismatch(List<CanNode> nodes) {
        for (CanNode holder : nodes) {
            List<Zone> around = new ArrayList<>(Arrays.asList(holder.zones()));
            for (NeighbourEntry e : holder.neighbours()) {
                around.addAll(Arrays.asList(e.zones()));
            }
            for (Zone m : holder.zones()) {
                for (int d = 0; d < m.dimensions(); d++) {
                    if (m.lo(d) == 0.0) {
                        continue;
                    }
                    double sum = 0;
                    for (Zone n : around) {
                        if (n.hasUpperNeighbour(m, d)) {
                            sum += OverlapWeight.of(n, m, d);
                        }
                    }
                    if (Math.abs(sum - 1.0) > WEIGHT_TOLERANCE) {
                        return String.format(Locale.ROOT, "%s of %s: lower neighbours' weights in %d sum to %.12f", m,
                                holder.id(), d, sum);
                    }
                }
            }
        }
        return null;
    }

    static List<Zone> zones(List<CanNode> nodes) {
        List<Zone> all = new ArrayList<>();
        for (CanNode n : nodes) {
            all.addAll(Arrays.asList(n.zones()));
        }
        return all;
    }

    /** The longest shortest path, in hops, of the zone adjacency graph. */
    static int diameter(List<Zone> zones) {
        int[][] adjacent = adjacency(zones);
        int diameter = 0;
        int[] dist = new int[zones.size()];
        for (int s = 0; s < zones.size(); s++) {
            Arrays.fill(dist, -1);
            dist[s] = 0;
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            queue.add(s);
            while (!queue.isEmpty()) {
                int v = queue.poll();
                diameter = Math.max(diameter, dist[v]);
                for (int w : adjacent[v]) {
                    if (dist[w] < 0) {
                        dist[w] = dist[v] + 1;
                        queue.add(w);
                    }
                }
            }
        }
        return diameter;
    }

    /**
     * The most hops of any chain of zones each of which is an upper neighbour of the one before in one
     * dimension: how far information travels to reach the lower face.
     */
    static int longestUpwardChain(List<Zone> zones) {
        int longest = 0;
        int dims = zones.get(0).dimensions();
        for (int d = 0; d < dims; d++) {
            int[] memo = new int[zones.size()];
            Arrays.fill(memo, -1);
            for (int i = 0; i < zones.size(); i++) {
                longest = Math.max(longest, chainFrom(i, d, zones, memo));
            }
        }
        return longest;
    }

    private static int chainFrom(int i, int d, List<Zone> zones, int[] memo) {
        if (memo[i] >= 0) {
            return memo[i];
        }
        int best = 0;
        for (int j = 0; j < zones.size(); j++) {
            if (zones.get(i).hasUpperNeighbour(zones.get(j), d)) {
                best = Math.max(best, 1 + chainFrom(j, d, zones, memo));
            }
        }
        memo[i] = best;
        return best;
    }

    private static int[][] adjacency(List<Zone> zones) {
        int[][] out = new int[zones.size()][];
        for (int i = 0; i < zones.size(); i++) {
            List<Integer> next = new ArrayList<>();
            for (int j = 0; j < zones.size(); j++) {
                if (i != j && zones.get(i).isNeighbourOf(zones.get(j))) {
                    next.add(j);
                }
            }
            out[i] = next.stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
    }
}
