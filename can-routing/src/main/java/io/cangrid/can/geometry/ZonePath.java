package io.cangrid.can.geometry;

import java.util.Arrays;

/**
 * A zone's place in the binary partition tree: the sequence of split sides (0 = lower half, 1 = upper
 * half) from the whole space down to the zone. Two zones whose paths differ only in the last bit are
 * siblings and can merge back into their parent. In a consistent overlay no zone's path is a prefix of
 * another's, so two claims with related paths (one a prefix of the other) name overlapping space.
 */
public final class ZonePath {

    public static final ZonePath ROOT = new ZonePath(new long[0], 0);

    private final long[] bits;
    private final int depth;

    private ZonePath(long[] bits, int depth) {
        this.bits = bits;
        this.depth = depth;
    }

    /**
     * The path of {@code depth} levels whose sides are the low bits of {@code bits}, level 0 first: the
     * form a path travels in. Refuses a word count that does not match the depth and set bits past it, so
     * that equal paths always have equal words.
     */
    public static ZonePath fromBits(long[] bits, int depth) {
        if (depth < 0 || bits.length != (depth + 63) >>> 6) {
            throw new IllegalArgumentException("a zone path of depth " + depth + " has " + ((Math.max(depth, 0)
                    + 63) >>> 6) + " word(s), not " + bits.length);
        }
        int used = depth & 63;
        if (used != 0 && (bits[bits.length - 1] >>> used) != 0) {
            throw new IllegalArgumentException("a zone path of depth " + depth + " has sides set past its depth");
        }
        return depth == 0 ? ROOT : new ZonePath(bits.clone(), depth);
    }

    public int depth() {
        return depth;
    }

    /** The side taken at level {@code level} (0-based from the root). */
    public int bit(int level) {
        if (level < 0 || level >= depth) {
            throw new IndexOutOfBoundsException("level " + level + " of a path of depth " + depth);
        }
        return (int) ((bits[level >>> 6] >>> (level & 63)) & 1L);
    }

    public ZonePath child(int side) {
        if (side != 0 && side != 1) {
            throw new IllegalArgumentException("side is 0 or 1, was " + side);
        }
        long[] next = Arrays.copyOf(bits, (depth >>> 6) + 1);
        if (side == 1) {
            next[depth >>> 6] |= 1L << (depth & 63);
        }
        return new ZonePath(next, depth + 1);
    }

    public ZonePath parent() {
        if (depth == 0) {
            throw new IllegalStateException("the root has no parent");
        }
        int d = depth - 1;
        long[] next = Arrays.copyOf(bits, (d + 63) >>> 6);
        if (next.length > 0 && (d & 63) != 0) {
            next[next.length - 1] &= (1L << (d & 63)) - 1;
        }
        return new ZonePath(next, d);
    }

    public ZonePath sibling() {
        if (depth == 0) {
            throw new IllegalStateException("the root has no sibling");
        }
        long[] next = bits.clone();
        next[(depth - 1) >>> 6] ^= 1L << ((depth - 1) & 63);
        return new ZonePath(next, depth);
    }

    /** The last side taken: 0 for a lower child, 1 for an upper one. */
    public int lastBit() {
        return bit(depth - 1);
    }

    public boolean isPrefixOf(ZonePath other) {
        if (depth > other.depth) {
            return false;
        }
        int full = depth >>> 6;
        for (int i = 0; i < full; i++) {
            if (bits[i] != other.bits[i]) {
                return false;
            }
        }
        int rest = depth & 63;
        if (rest == 0) {
            return true;
        }
        long mask = (1L << rest) - 1;
        return (bits[full] & mask) == (other.bits[full] & mask);
    }

    /** True when one path is a prefix of the other: the two zones share space. */
    public boolean overlaps(ZonePath other) {
        return depth <= other.depth ? isPrefixOf(other) : other.isPrefixOf(this);
    }

    public boolean isSiblingOf(ZonePath other) {
        return depth == other.depth && depth > 0 && !equals(other) && parent().equals(other.parent());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ZonePath p && p.depth == depth && Arrays.equals(bits, p.bits);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(bits) + depth;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(depth + 1).append('/');
        for (int i = 0; i < depth; i++) {
            sb.append(bit(i));
        }
        return sb.toString();
    }
}
