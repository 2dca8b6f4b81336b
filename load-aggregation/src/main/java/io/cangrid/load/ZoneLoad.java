package io.cangrid.load;

import io.cangrid.can.geometry.Zone;

/**
 * One zone's load information as its holder publishes it: its own share of the two measures (a node
 * holding several zones splits its count of 1 and its queue length among them by volume, so each node is
 * still counted once) and, for every dimension d, the aggregates of everything above it in d.
 *
 * @param zone      the zone
 * @param nodes     the zone's share of its node (1 for a node with one zone)
 * @param queued    the zone's share of its node's queue length
 * @param nodesAbove  {@code AggrInfo_d} for Info = 1, per dimension
 * @param queuedAbove {@code AggrInfo_d} for Info = queue length, per dimension
 */
public record ZoneLoad(Zone zone, double nodes, double queued, double[] nodesAbove, double[] queuedAbove) {

    /** Nodes at and above this zone in {@code d}: {@code Info + AggrInfo_d}. */
    public double nodesFrom(int d) {
        return nodes + nodesAbove[d];
    }

    /** Queued jobs at and above this zone in {@code d}. */
    public double queuedFrom(int d) {
        return queued + queuedAbove[d];
    }

    /** A zone with nothing known above it yet. */
    public static ZoneLoad alone(Zone zone, double nodes, double queued) {
        return new ZoneLoad(zone, nodes, queued, new double[zone.dimensions()], new double[zone.dimensions()]);
    }
}
