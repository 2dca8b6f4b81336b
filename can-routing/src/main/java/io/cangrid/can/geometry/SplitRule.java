package io.cangrid.can.geometry;

import io.cangrid.overlay.Point;

/**
 * Where a zone splits when a node joins inside it, keeping every node's point inside its home zone
 * (ALGORITHMS.md section 2): try the dimensions in cyclic order starting at {@code depth mod D} and split
 * at the first midpoint that separates the two points; if no midpoint does, split the dimension where the
 * points are farthest apart relative to the zone's extent, half way between them.
 */
public final class SplitRule {

    /** A split decision: the dimension and the coordinate of the new face. */
    public record Split(int dimension, double at) {
    }

    private SplitRule() {
    }

    /**
     * Chooses the split of {@code zone} separating {@code owner} and {@code joiner}, or returns null when
     * they cannot be separated (identical points).
     */
    public static Split choose(Zone zone, Point owner, Point joiner) {
        int dims = zone.dimensions();
        int start = zone.path().depth() % dims;
        for (int k = 0; k < dims; k++) {
            int d = (start + k) % dims;
            double mid = zone.lo(d) + zone.length(d) / 2;
            if (mid > zone.lo(d) && mid < zone.hi(d) && separates(mid, owner.get(d), joiner.get(d))) {
                return new Split(d, mid);
            }
        }
        int best = -1;
        double bestGap = 0;
        for (int d = 0; d < dims; d++) {
            double gap = Math.abs(owner.get(d) - joiner.get(d)) / zone.length(d);
            if (gap > bestGap) {
                bestGap = gap;
                best = d;
            }
        }
        if (best < 0) {
            return null;
        }
        double at = (owner.get(best) + joiner.get(best)) / 2;
        if (!(at > zone.lo(best) && at < zone.hi(best)) || !separates(at, owner.get(best), joiner.get(best))) {
            // The points are adjacent doubles: no representable face lies strictly between them.
            return null;
        }
        return new Split(best, at);
    }

    /** Splits a zone in half along its longest side (used when its holder's point lies outside it). */
    public static Split halve(Zone zone) {
        int best = 0;
        for (int d = 1; d < zone.dimensions(); d++) {
            if (zone.length(d) > zone.length(best)) {
                best = d;
            }
        }
        double mid = zone.lo(best) + zone.length(best) / 2;
        return mid > zone.lo(best) && mid < zone.hi(best) ? new Split(best, mid) : null;
    }

    /** Half-open cells: a face at {@code at} separates a and b when exactly one of them is {@code >= at}. */
    private static boolean separates(double at, double a, double b) {
        return (a >= at) != (b >= at);
    }
}
