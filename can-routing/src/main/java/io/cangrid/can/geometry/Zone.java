package io.cangrid.can.geometry;

import io.cangrid.overlay.Point;
import java.util.Locale;

/**
 * An axis-aligned box of the CAN space {@code [0,1]^D}, with its partition-tree path and an epoch.
 *
 * <p>A point belongs to a zone when {@code lo <= x < hi} in every dimension, except that the upper face of
 * the space ({@code hi == 1}) is closed: every point of the space then belongs to exactly one zone.
 *
 * <p>The epoch orders claims on the same space: a split, a merge and a hand-over each produce zones with
 * a larger epoch than every zone they came from, so when two nodes claim overlapping zones the claim with
 * the larger epoch is the more recent one.
 */
public final class Zone {

    private final double[] lo;
    private final double[] hi;
    private final ZonePath path;
    private final long epoch;

    public Zone(double[] lo, double[] hi, ZonePath path, long epoch) {
        if (lo.length != hi.length || lo.length == 0) {
            throw new IllegalArgumentException("lo and hi need the same, positive, number of dimensions");
        }
        for (int i = 0; i < lo.length; i++) {
            if (!(lo[i] >= 0 && hi[i] <= 1 && lo[i] < hi[i])) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "dimension %d: need 0 <= lo < hi <= 1, got [%s, %s]", i, lo[i], hi[i]));
            }
        }
        this.lo = lo.clone();
        this.hi = hi.clone();
        this.path = path;
        this.epoch = epoch;
    }

    /** The whole space, as the first node of a grid holds it. */
    public static Zone wholeSpace(int dimensions) {
        double[] lo = new double[dimensions];
        double[] hi = new double[dimensions];
        java.util.Arrays.fill(hi, 1.0);
        return new Zone(lo, hi, ZonePath.ROOT, 0);
    }

    public int dimensions() {
        return lo.length;
    }

    public double lo(int d) {
        return lo[d];
    }

    public double hi(int d) {
        return hi[d];
    }

    public double length(int d) {
        return hi[d] - lo[d];
    }

    public ZonePath path() {
        return path;
    }

    public long epoch() {
        return epoch;
    }

    /** The same box and path, re-issued with a later epoch (hand-over or takeover). */
    public Zone reissued(long newEpoch) {
        return new Zone(lo, hi, path, newEpoch);
    }

    public double volume() {
        double v = 1.0;
        for (int i = 0; i < lo.length; i++) {
            v *= hi[i] - lo[i];
        }
        return v;
    }

    public boolean contains(Point p) {
        for (int i = 0; i < lo.length; i++) {
            double x = p.get(i);
            if (x < lo[i] || x > hi[i] || (x == hi[i] && hi[i] < 1.0)) {
                return false;
            }
        }
        return true;
    }

    /** Euclidean distance from {@code p} to the closest point of this box (0 inside). */
    public double distanceTo(Point p) {
        double sum = 0;
        for (int i = 0; i < lo.length; i++) {
            double x = p.get(i);
            double d = x < lo[i] ? lo[i] - x : (x > hi[i] ? x - hi[i] : 0.0);
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    /** Length of the overlap of the two extents in dimension {@code d} (0 when they only touch or are apart). */
    public double overlap(Zone other, int d) {
        return Math.max(0.0, Math.min(hi[d], other.hi[d]) - Math.max(lo[d], other.lo[d]));
    }

    /**
     * The dimension along which the two zones are neighbours, or -1: neighbours abut in exactly one
     * dimension and overlap with positive length in every other one.
     */
    public int neighbourDimension(Zone other) {
        int abutting = -1;
        for (int i = 0; i < lo.length; i++) {
            if (hi[i] == other.lo[i] || other.hi[i] == lo[i]) {
                if (abutting >= 0) {
                    return -1;
                }
                abutting = i;
            } else if (Math.min(hi[i], other.hi[i]) <= Math.max(lo[i], other.lo[i])) {
                return -1;
            }
        }
        return abutting;
    }

    public boolean isNeighbourOf(Zone other) {
        return neighbourDimension(other) >= 0;
    }

    public boolean isNeighbourOfAny(Zone[] others) {
        for (Zone o : others) {
            if (neighbourDimension(o) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code other} lies directly above this zone in {@code d}: its lower face is our upper face. */
    public boolean hasUpperNeighbour(Zone other, int d) {
        return other.lo[d] == hi[d] && neighbourDimension(other) == d;
    }

    /** True when the two boxes share interior volume. */
    public boolean intersects(Zone other) {
        // Every box has lo < hi, so two extents are apart exactly when one ends where the other begins or
        // before. Overlap tests run for every pair of zones in each neighbour's news: keep them lean.
        double[] otherLo = other.lo;
        double[] otherHi = other.hi;
        for (int i = 0; i < lo.length; i++) {
            if (hi[i] <= otherLo[i] || otherHi[i] <= lo[i]) {
                return false;
            }
        }
        return true;
    }

    /** True when the closed boxes touch or overlap: neither a neighbour nor an overlapping zone otherwise. */
    public boolean touches(Zone other) {
        return touches(other.lo, other.hi);
    }

    /** True when the closed boxes touch or overlap (a cheap pre-filter for neighbour searches). */
    public boolean touches(double[] otherLo, double[] otherHi) {
        for (int i = 0; i < lo.length; i++) {
            if (otherHi[i] < lo[i] || otherLo[i] > hi[i]) {
                return false;
            }
        }
        return true;
    }

    /** Splits at {@code at} along {@code d}: [0] the lower half (path bit 0), [1] the upper half (bit 1). */
    public Zone[] split(int d, double at, long newEpoch) {
        if (!(at > lo[d] && at < hi[d])) {
            throw new IllegalArgumentException("split position " + at + " is not inside [" + lo[d] + ", " + hi[d] + ")");
        }
        double[] lowerHi = hi.clone();
        lowerHi[d] = at;
        double[] upperLo = lo.clone();
        upperLo[d] = at;
        return new Zone[] {
            new Zone(lo, lowerHi, path.child(0), newEpoch),
            new Zone(upperLo, hi, path.child(1), newEpoch)
        };
    }

    /**
     * True when {@code other} is this zone's partition-tree sibling as a box too: the same extent in every
     * dimension but one, along which the two abut. A path alone does not say so: after a merge the parent
     * may be split again along another dimension, and a zone claimed before then keeps its old box.
     */
    public boolean isSiblingOf(Zone other) {
        if (!path.isSiblingOf(other.path)) {
            return false;
        }
        int differing = 0;
        for (int i = 0; i < lo.length; i++) {
            if (lo[i] == other.lo[i] && hi[i] == other.hi[i]) {
                continue;
            }
            if (++differing > 1 || (hi[i] != other.lo[i] && other.hi[i] != lo[i])) {
                return false;
            }
        }
        return differing == 1;
    }

    /** Merges this zone with its partition-tree sibling into their parent. */
    public Zone mergeWith(Zone sibling, long newEpoch) {
        if (!path.isSiblingOf(sibling.path)) {
            throw new IllegalArgumentException(path + " and " + sibling.path + " are not siblings");
        }
        double[] l = new double[lo.length];
        double[] h = new double[lo.length];
        for (int i = 0; i < lo.length; i++) {
            l[i] = Math.min(lo[i], sibling.lo[i]);
            h[i] = Math.max(hi[i], sibling.hi[i]);
        }
        return new Zone(l, h, path.parent(), newEpoch);
    }

    public boolean sameBox(Zone other) {
        return java.util.Arrays.equals(lo, other.lo) && java.util.Arrays.equals(hi, other.hi);
    }

    /** The same box, partition path and epoch: equal in all that a zone states. */
    public boolean sameAs(Zone other) {
        return this == other || (other != null && epoch == other.epoch && sameBox(other) && path.equals(other.path));
    }

    double[] loArray() {
        return lo;
    }

    double[] hiArray() {
        return hi;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Zone").append(path).append('#').append(epoch).append('[');
        for (int i = 0; i < lo.length; i++) {
            if (i > 0) {
                sb.append(" x ");
            }
            sb.append(String.format(Locale.ROOT, "%.4f..%.4f", lo[i], hi[i]));
        }
        return sb.append(']').toString();
    }
}
