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
        return new ZoneLoad(zone, nodes, queued, nodesAbove, queuedAbove);
    }
}
