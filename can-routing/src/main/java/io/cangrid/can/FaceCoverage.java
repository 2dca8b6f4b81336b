package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.Point;
import java.util.random.RandomGenerator;

/**
 * Background check that every face of a node's zones is covered by the zones of known neighbours.
 * Once per update period it samples one point just across each face; a point no known zone (ours or a
 * neighbour's) contains reveals a missing neighbour, which a probe routed to that point then finds.
 */
final class FaceCoverage {

    private FaceCoverage() {
    }

    /** A point just across a face of {@code zone}: along {@code dimension}, above it when {@code upper}. */
    record Gap(Zone zone, int dimension, boolean upper, Point point) {
    }

    /** A sampled point across some face that no known zone covers, or null. */
    static Point uncoveredPoint(OwnZones own, NeighbourTable table, RandomGenerator random) {
        Gap gap = uncovered(own, table, random);
        return gap == null ? null : gap.point();
    }

    /** As {@link #uncoveredPoint}, with the face it lies across. */
    static Gap uncovered(OwnZones own, NeighbourTable table, RandomGenerator random) {
        for (Zone z : own.list()) {
            int dims = z.dimensions();
            for (int d = 0; d < dims; d++) {
                for (int side = 0; side < 2; side++) {
                    double at = side == 0 ? Math.nextDown(z.lo(d)) : z.hi(d);
                    if (at < 0 || at >= 1 || (side == 1 && z.hi(d) >= 1.0)) {
                        continue;
                    }
                    double[] c = new double[dims];
                    for (int i = 0; i < dims; i++) {
                        c[i] = i == d ? at : z.lo(i) + random.nextDouble() * z.length(i);
                    }
                    Point p = Point.of(c);
                    if (!covered(p, own, table)) {
                        return new Gap(z, d, side == 1, p);
                    }
                }
            }
        }
        return null;
    }

    private static boolean covered(Point p, OwnZones own, NeighbourTable table) {
        if (own.containing(p) != null) {
            return true;
        }
        for (NeighbourEntry e : table.entries()) {
            for (Zone z : e.zones()) {
                if (z.contains(p)) {
                    return true;
                }
            }
        }
        return false;
    }
}
