package io.cangrid.can.geometry;

import io.cangrid.overlay.Decimals;
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

    /**
     * The lower corner then the upper corner, {@code 2D} values in one array: a zone is read in every
     * neighbour test, and one array is one reference to follow where two would be two.
     */
    private final double[] box;
    private final int dims;
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
        this.dims = lo.length;
        this.box = new double[2 * dims];
        System.arraycopy(lo, 0, box, 0, dims);
        System.arraycopy(hi, 0, box, dims, dims);
        this.path = path;
        this.epoch = epoch;
    }

    private Zone(double[] box, int dims, ZonePath path, long epoch) {
        this.box = box;
        this.dims = dims;
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
        return dims;
    }

    public double lo(int d) {
        return box[d];
    }

    public double hi(int d) {
        return box[dims + d];
    }

    public double length(int d) {
        return box[dims + d] - box[d];
    }

    public ZonePath path() {
        return path;
    }

    public long epoch() {
        return epoch;
    }

    /** The same box and path, re-issued with a later epoch (hand-over or takeover). */
    public Zone reissued(long newEpoch) {
        // Boxes never change: the re-issued zone shares this one's.
        return new Zone(box, dims, path, newEpoch);
    }

    public double volume() {
        double v = 1.0;
        for (int i = 0; i < dims; i++) {
            v *= box[dims + i] - box[i];
        }
        return v;
    }

    public boolean contains(Point p) {
        double[] b = box;
        int n = dims;
        for (int i = 0; i < n; i++) {
            double x = p.get(i);
            double hi = b[n + i];
            if (x < b[i] || x > hi || (x == hi && hi < 1.0)) {
                return false;
            }
        }
        return true;
    }

    /** Euclidean distance from {@code p} to the closest point of this box (0 inside). */
    public double distanceTo(Point p) {
        double sum = 0;
        double[] b = box;
        int n = dims;
        for (int i = 0; i < n; i++) {
            double x = p.get(i);
            double lo = b[i];
            double hi = b[n + i];
            double d = x < lo ? lo - x : (x > hi ? x - hi : 0.0);
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    /** Length of the overlap of the two extents in dimension {@code d} (0 when they only touch or are apart). */
    public double overlap(Zone other, int d) {
        return Math.max(0.0, Math.min(hi(d), other.hi(d)) - Math.max(lo(d), other.lo(d)));
    }

    /**
     * The dimension along which the two zones are neighbours, or -1: neighbours abut in exactly one
     * dimension and overlap with positive length in every other one.
     */
    public int neighbourDimension(Zone other) {
        int abutting = -1;
        double[] a = box;
        double[] b = other.box;
        int n = dims;
        for (int i = 0; i < n; i++) {
            double aLo = a[i];
            double aHi = a[n + i];
            double bLo = b[i];
            double bHi = b[n + i];
            if (aHi == bLo || bHi == aLo) {
                if (abutting >= 0) {
                    return -1;
                }
                abutting = i;
            } else if (Math.min(aHi, bHi) <= Math.max(aLo, bLo)) {
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
        return other.lo(d) == hi(d) && neighbourDimension(other) == d;
    }

    /** True when the two boxes share interior volume. */
    public boolean intersects(Zone other) {
        // Every box has lo < hi, so two extents are apart exactly when one ends where the other begins or
        // before. Overlap tests run for every pair of zones in each neighbour's news: keep them lean.
        double[] a = box;
        double[] b = other.box;
        int n = dims;
        for (int i = 0; i < n; i++) {
            if (a[n + i] <= b[i] || b[n + i] <= a[i]) {
                return false;
            }
        }
        return true;
    }

    /** True when {@code other}'s box lies within this zone's box (faces may coincide). */
    public boolean encloses(Zone other) {
        for (int d = 0; d < dims; d++) {
            if (other.box[d] < box[d] || other.box[dims + d] > box[dims + d]) {
                return false;
            }
        }
        return true;
    }

    /** True when the closed boxes touch or overlap: neither a neighbour nor an overlapping zone otherwise. */
    public boolean touches(Zone other) {
        double[] a = box;
        double[] b = other.box;
        int n = dims;
        for (int i = 0; i < n; i++) {
            if (b[n + i] < a[i] || b[i] > a[n + i]) {
                return false;
            }
        }
        return true;
    }

    /** True when the closed boxes touch or overlap (a cheap pre-filter for neighbour searches). */
    public boolean touches(double[] otherLo, double[] otherHi) {
        for (int i = 0; i < dims; i++) {
            if (otherHi[i] < box[i] || otherLo[i] > box[dims + i]) {
                return false;
            }
        }
        return true;
    }

    /** Splits at {@code at} along {@code d}: [0] the lower half (path bit 0), [1] the upper half (bit 1). */
    public Zone[] split(int d, double at, long newEpoch) {
        if (!(at > lo(d) && at < hi(d))) {
            throw new IllegalArgumentException("split position " + at + " is not inside [" + lo(d) + ", " + hi(d) + ")");
        }
        double[] lower = box.clone();
        lower[dims + d] = at;
        double[] upper = box.clone();
        upper[d] = at;
        return new Zone[] {
            new Zone(lower, dims, path.child(0), newEpoch),
            new Zone(upper, dims, path.child(1), newEpoch)
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
        for (int i = 0; i < dims; i++) {
            if (lo(i) == other.lo(i) && hi(i) == other.hi(i)) {
                continue;
            }
            if (++differing > 1 || (hi(i) != other.lo(i) && other.hi(i) != lo(i))) {
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
        double[] merged = new double[2 * dims];
        for (int i = 0; i < dims; i++) {
            merged[i] = Math.min(lo(i), sibling.lo(i));
            merged[dims + i] = Math.max(hi(i), sibling.hi(i));
        }
        return new Zone(merged, dims, path.parent(), newEpoch);
    }

    public boolean sameBox(Zone other) {
        return box == other.box || java.util.Arrays.equals(box, other.box);
    }

    /** The same box, partition path and epoch: equal in all that a zone states. */
    public boolean sameAs(Zone other) {
        return this == other || (other != null && epoch == other.epoch && sameBox(other) && path.equals(other.path));
    }

    /** Coordinate {@code i} of the box in wire order: the lower corner's {@code D}, then the upper corner's. */
    double corner(int i) {
        return box[i];
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Zone").append(path).append('#').append(epoch).append('[');
        for (int i = 0; i < dims; i++) {
            if (i > 0) {
                sb.append(" x ");
            }
            Decimals.append(Decimals.append(sb, lo(i), 4).append(".."), hi(i), 4);
        }
        return sb.append(']').toString();
    }
}
