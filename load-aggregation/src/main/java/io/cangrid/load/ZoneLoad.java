package io.cangrid.load;

import io.cangrid.can.geometry.Zone;
import java.util.Arrays;

/**
 * One zone's load information as its holder publishes it: its own share of the two measures (a node
 * holding several zones splits its count and its queue among them by volume, so each node is still counted
 * once) and, for every dimension d, the aggregates of everything above it in d. Both measures count cores:
 * a node counts as its cores, a job as the cores it takes; on one-core nodes that is the papers' count of
 * nodes and queue length.
 *
 * @param zone      the zone
 * @param nodes     the zone's share of its node's cores (1 for a one-core node with one zone)
 * @param queued    the zone's share of the cores its node's held jobs take
 * @param nodesAbove  {@code AggrInfo_d} for Info = 1, per dimension
 * @param queuedAbove {@code AggrInfo_d} for Info = queue length, per dimension
 * @param categories  the same split by the machines' operating system; null where no machine says it
 */
public record ZoneLoad(Zone zone, double nodes, double queued, double[] nodesAbove, double[] queuedAbove,
        CategoryLoads categories) {

    /** The load of a zone whose machines say nothing of their operating system. */
    public ZoneLoad(Zone zone, double nodes, double queued, double[] nodesAbove, double[] queuedAbove) {
        this(zone, nodes, queued, nodesAbove, queuedAbove, null);
    }

    /** Nodes at and above this zone in {@code d}: {@code Info + AggrInfo_d}. */
    public double nodesFrom(int d) {
        return nodes + nodesAbove[d];
    }

    /** Queued jobs at and above this zone in {@code d}. */
    public double queuedFrom(int d) {
        return queued + queuedAbove[d];
    }

    /**
     * Equal when the same zone carries the same figures: a node whose loads did not change has nothing new
     * to tell its neighbours, and its state rounds may go quiet (see the overlay's heartbeat).
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof ZoneLoad z && zone.sameAs(z.zone) && Double.compare(nodes, z.nodes) == 0
                && Double.compare(queued, z.queued) == 0 && Arrays.equals(nodesAbove, z.nodesAbove)
                && Arrays.equals(queuedAbove, z.queuedAbove) && java.util.Objects.equals(categories, z.categories);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Double.hashCode(nodes) + Double.hashCode(queued)) + Arrays.hashCode(nodesAbove);
    }

    /** A zone with nothing known above it yet. */
    public static ZoneLoad alone(Zone zone, double nodes, double queued) {
        return new ZoneLoad(zone, nodes, queued, new double[zone.dimensions()], new double[zone.dimensions()]);
    }
}
