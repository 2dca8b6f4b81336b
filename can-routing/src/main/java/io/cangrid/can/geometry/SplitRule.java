package io.cangrid.can.geometry;

import io.cangrid.overlay.Point;

/**
 * Where a zone splits when a node joins inside it, keeping every node's point inside its home zone.
 *
 * <p>Each dimension in which the two points differ offers one candidate face: the zone's midpoint when it
 * lies between the points, otherwise the separating position nearest to the midpoint ("sliding
 * midpoint", as kd-trees do for clustered data). The candidate whose thinner half is thickest along the
 * split dimension wins; ties go to the first dimension in the cyclic order starting at {@code depth mod D}.
 * The candidate then moves, by at most 1/256 of the side, to the separating binary fraction with the fewest
 * digits ({@link #shortNear}), so that faces stay cheap on the wire.
 *
 * <p>Why not the plain cyclic-midpoint rule of the original CAN: on capability points the real coordinates
 * cluster at a few discrete levels while the virtual coordinate is uniform, so a large zone's real
 * midpoints rarely separate two nodes and the virtual one nearly always does. Split after split then
 * went to the virtual axis, leaving zones that spanned whole real axes and were a ten-thousandth thick,
 * which made greedy paths hundreds of hops long. On uniform points the two rules mostly agree (in a zone
 * shaped by cyclic halving the separating midpoints of its longest sides tie, and the cyclic tie-break
 * picks the one the cyclic rule would), but where the cyclic rule would halve a short side or fall back
 * to a face half way between the points, this one prefers a long side: zones stay closer to cubes (median
 * aspect ratio 2.1 against 8.5 with 10^4 uniform nodes in four dimensions).
 */
public final class SplitRule {

    /** A split decision: the dimension and the coordinate of the new face. */
    public record Split(int dimension, double at) {
    }

    /** Which rule a node splits its zone by when a node joins inside it. */
    public enum Policy {
        /** {@link #choose}: the separating face whose thinner half is thickest (the default). */
        BALANCED,
        /** {@link #cyclic}: the original CAN's cyclic halving (design.md §2). */
        CYCLIC;

        public Split choose(Zone zone, Point owner, Point joiner) {
            return this == BALANCED ? SplitRule.choose(zone, owner, joiner) : SplitRule.cyclic(zone, owner, joiner);
        }
    }

    /** How far a face may move to a shorter number: this fraction of the zone's side, either way. */
    private static final int SLACK_PER_SIDE = 256;

    private SplitRule() {
    }

    /**
     * Chooses the split of {@code zone} separating {@code owner} and {@code joiner}, or returns null when
     * they cannot be separated (identical points).
     */
    public static Split choose(Zone zone, Point owner, Point joiner) {
        int dims = zone.dimensions();
        int start = zone.path().depth() % dims;
        Split best = null;
        double bestThickness = 0;
        for (int k = 0; k < dims; k++) {
            int d = (start + k) % dims;
            double at = face(zone, d, owner.get(d), joiner.get(d));
            if (Double.isNaN(at)) {
                continue;
            }
            double thickness = Math.min(at - zone.lo(d), zone.hi(d) - at);
            if (thickness > bestThickness) {
                bestThickness = thickness;
                best = new Split(d, at);
            }
        }
        return best;
    }

    /**
     * The original CAN's rule (design.md §2): dimensions in the cyclic order starting at {@code depth mod D}, the
     * midpoint of the first one whose midpoint separates the points; if none does, the dimension in which
     * the points lie furthest apart relative to the zone's side, half way between them. Null when the
     * points cannot be separated.
     */
    public static Split cyclic(Zone zone, Point owner, Point joiner) {
        int dims = zone.dimensions();
        int start = zone.path().depth() % dims;
        for (int k = 0; k < dims; k++) {
            int d = (start + k) % dims;
            double mid = zone.lo(d) + zone.length(d) / 2;
            if (valid(zone, d, mid, owner.get(d), joiner.get(d))) {
                return new Split(d, mid);
            }
        }
        int best = -1;
        double widest = 0;
        for (int d = 0; d < dims; d++) {
            double apart = Math.abs(owner.get(d) - joiner.get(d)) / zone.length(d);
            if (apart > widest) {
                widest = apart;
                best = d;
            }
        }
        if (best < 0) {
            return null;
        }
        double a = owner.get(best);
        double b = joiner.get(best);
        double halfway = Math.min(a, b) + Math.abs(a - b) / 2;
        if (valid(zone, best, halfway, a, b)) {
            return new Split(best, halfway);
        }
        // Two doubles too close for a face between them: the larger point's own coordinate separates them.
        double high = Math.max(a, b);
        return valid(zone, best, high, a, b) ? new Split(best, high) : null;
    }

    /**
     * The separating face in {@code d} nearest to the zone's midpoint, or NaN when none exists. It lies in
     * {@code [(a + b) / 2, max(a, b)]}: a face at the larger point keeps that point in the upper half (cells
     * are half-open), while a face at the smaller one would not separate, so on that side half way is
     * the nearest clean choice.
     */
    static double face(Zone zone, int d, double a, double b) {
        double low = Math.min(a, b);
        double high = Math.max(a, b);
        if (!(low < high)) {
            return Double.NaN;
        }
        double mid = zone.lo(d) + zone.length(d) / 2;
        double halfway = low + (high - low) / 2;
        double at = Math.max(halfway, Math.min(mid, high));
        if (!valid(zone, d, at, a, b)) {
            // The clamp can land on the closed upper face of the space, or on a double no face fits between.
            at = valid(zone, d, halfway, a, b) ? halfway : valid(zone, d, high, a, b) ? high : Double.NaN;
        }
        return Double.isNaN(at) ? at : shortNear(zone, d, at, a, b);
    }

    /**
     * The face to use instead of {@code at}: the binary fraction with the fewest digits that still
     * separates the points and lies within 1/256 of the zone's side from {@code at} (of two equally short,
     * the nearer). Zone faces travel in every neighbour list: a face between two random points needs all
     * 64 bits, one such as 0.3984375 three bytes (see CompactDoubles). The margin is kept that small because
     * faces that snap to the same few numbers line zones up, and lined-up zones touch fewer neighbours:
     * cheaper, but routes grow longer (a sixteenth of the side cut the bytes of a state message by 42% at
     * 10^5 nodes, and lengthened routes by 11%; 1/256 cuts them by 26% and routes stay within 1.2%). A zone's
     * midpoint, already the shortest number that near, stays where it is.
     */
    static double shortNear(Zone zone, int d, double at, double a, double b) {
        double slack = zone.length(d) / SLACK_PER_SIDE;
        double from = Math.max(at - slack, zone.lo(d));
        double to = Math.min(at + slack, zone.hi(d));
        for (int k = 0; k < Double.MAX_EXPONENT; k++) {
            double step = Math.scalb(1.0, -k);
            if (step < Math.ulp(at)) {
                break;
            }
            double best = Double.NaN;
            // Once a step has a multiple in range, the next finer one has few: bounded all the same.
            double c = Math.ceil(from / step) * step;
            for (int tries = 0; tries < 8 && c <= to; tries++, c += step) {
                if (valid(zone, d, c, a, b) && (Double.isNaN(best) || Math.abs(c - at) < Math.abs(best - at))) {
                    best = c;
                }
            }
            if (!Double.isNaN(best)) {
                return best;
            }
        }
        return at;
    }

    private static boolean valid(Zone zone, int d, double at, double a, double b) {
        return at > zone.lo(d) && at < zone.hi(d) && separates(at, a, b);
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
