package io.cangrid.load;

import io.cangrid.can.geometry.Zone;
import java.util.List;

/**
 * Eq. 1–2 of Kim et al.: for zone N and dimension d,
 * {@code AggrInfo_d(N) = Σ_{M ∈ U_d(N)} f_d(N,M) · [Info(M) + AggrInfo_d(M)]}, 0 when N has no upper
 * neighbour in d. Computed from the latest loads the neighbours published, so values propagate one hop
 * per update period and are exact once the overlay and the queues have been still for as many periods as
 * the longest upward chain of zones.
 */
public final class LoadAggregation {

    private LoadAggregation() {
    }

    /**
     * The load of {@code zone} given its own shares and the published loads of the zones around it (any
     * zones may be passed; only upper neighbours count).
     */
    public static ZoneLoad compute(Zone zone, double nodes, double queued, List<ZoneLoad> around) {
        return compute(zone, nodes, queued, null, around);
    }

    /**
     * As {@link #compute(Zone, double, double, List)}, the zone's node being of {@code category} (null: it
     * says none); the zone's load then carries the counts per category too, as it does whenever an upper
     * neighbour's load carries them.
     */
    public static ZoneLoad compute(Zone zone, double nodes, double queued, String category, List<ZoneLoad> around) {
        int dims = zone.dimensions();
        double[] nodesAbove = new double[dims];
        double[] queuedAbove = new double[dims];
        for (ZoneLoad m : around) {
            Zone upper = m.zone();
            for (int d = 0; d < dims; d++) {
                if (upper.lo(d) != zone.hi(d) || zone.neighbourDimension(upper) != d) {
                    continue;
                }
                double f = OverlapWeight.of(zone, upper, d);
                nodesAbove[d] += f * m.nodesFrom(d);
                queuedAbove[d] += f * m.queuedFrom(d);
            }
        }
        return new ZoneLoad(zone, nodes, queued, nodesAbove, queuedAbove,
                categories(zone, nodes, queued, category, around));
    }

    /** Eq. 1–2 per category, over the same upper neighbours and weights; null when no one names a category. */
    private static CategoryLoads categories(Zone zone, double nodes, double queued, String category,
            List<ZoneLoad> around) {
        int dims = zone.dimensions();
        // Category -> [own nodes, own queued, nodesAbove per d..., queuedAbove per d...]
        java.util.TreeMap<String, double[]> sums = new java.util.TreeMap<>();
        if (category != null) {
            double[] own = sums.computeIfAbsent(category, c -> new double[2 + 2 * dims]);
            own[0] = nodes;
            own[1] = queued;
        }
        for (ZoneLoad m : around) {
            CategoryLoads theirs = m.categories();
            if (theirs == null) {
                continue;
            }
            Zone upper = m.zone();
            for (int d = 0; d < dims; d++) {
                if (upper.lo(d) != zone.hi(d) || zone.neighbourDimension(upper) != d) {
                    continue;
                }
                double f = OverlapWeight.of(zone, upper, d);
                for (String c : theirs.names()) {
                    double[] sum = sums.computeIfAbsent(c, x -> new double[2 + 2 * dims]);
                    sum[2 + d] += f * theirs.nodesFrom(d, c);
                    sum[2 + dims + d] += f * theirs.queuedFrom(d, c);
                }
            }
        }
        if (sums.isEmpty()) {
            return null;
        }
        int k = sums.size();
        String[] names = sums.keySet().toArray(String[]::new);
        double[] own = new double[k];
        double[] ownQueued = new double[k];
        double[] above = new double[dims * k];
        double[] queuedAbove = new double[dims * k];
        for (int c = 0; c < k; c++) {
            double[] sum = sums.get(names[c]);
            own[c] = sum[0];
            ownQueued[c] = sum[1];
            for (int d = 0; d < dims; d++) {
                above[d * k + c] = sum[2 + d];
                queuedAbove[d * k + c] = sum[2 + dims + d];
            }
        }
        return new CategoryLoads(names, own, ownQueued, above, queuedAbove);
    }
}
