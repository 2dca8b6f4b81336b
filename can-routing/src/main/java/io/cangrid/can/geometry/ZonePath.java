package io.cangrid.can.geometry;

import java.util.Arrays;

/**
 * A zone's place in the binary partition tree: the sequence of split sides (0 = lower half, 1 = upper
 * half) from the whole space down to the zone. Two zones whose paths differ only in the last bit are
 * siblings and can merge back into their parent. In a consistent overlay no zone's path is a prefix of
 * another's, so two claims with related paths (one a prefix of the other) name overlapping space.
 */
public final class ZonePath {

    public static final ZonePath ROOT = new ZonePath(0L, null, 0);

    /**
     * Levels 0 to 63 are bits of {@code first}; deeper levels, in the rare path that has them, are in
     * {@code more}. Overlap tests between paths run for every pair of zones a neighbour's news brings, and
     * a path held in the object itself is read without following a reference (and is 16 bytes smaller).
     */
    private final long first;
    private final long[] more;
    private final int depth;

    private ZonePath(long first, long[] more, int depth) {
        this.first = first;
        this.more = more;
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
        return depth == 0 ? ROOT : ofWords(bits, depth);
    }

    /** A path from words already checked, which the new path may keep. */
    private static ZonePath ofWords(long[] words, int depth) {
        long[] more = words.length > 1 ? Arrays.copyOfRange(words, 1, words.length) : null;
        return new ZonePath(words.length > 0 ? words[0] : 0L, more, depth);
    }

    /** The path's words, level 0 first, {@code words} of them (zero-filled past the path's own). */
    private long[] words(int words) {
        long[] w = new long[words];
        if (words > 0) {
            w[0] = first;
        }
        if (more != null) {
            System.arraycopy(more, 0, w, 1, Math.min(more.length, words - 1));
        }
        return w;
    }

    private long word(int i) {
        return i == 0 ? first : more[i - 1];
    }

    public int depth() {
        return depth;
    }

    /** The side taken at level {@code level} (0-based from the root). */
    public int bit(int level) {
        if (level < 0 || level >= depth) {
            throw new IndexOutOfBoundsException("level " + level + " of a path of depth " + depth);
        }
        return (int) ((word(level >>> 6) >>> (level & 63)) & 1L);
    }

    public ZonePath child(int side) {
        if (side != 0 && side != 1) {
            throw new IllegalArgumentException("side is 0 or 1, was " + side);
        }
        if (depth < 64) {
            return new ZonePath(first | ((long) side << depth), null, depth + 1);
        }
        long[] next = words((depth >>> 6) + 1);
        if (side == 1) {
            next[depth >>> 6] |= 1L << (depth & 63);
        }
        return ofWords(next, depth + 1);
    }

    public ZonePath parent() {
        if (depth == 0) {
            throw new IllegalStateException("the root has no parent");
        }
        int d = depth - 1;
        if (d <= 64) {
            return new ZonePath(d == 64 ? first : first & ((1L << d) - 1), null, d);
        }
        long[] next = words((d + 63) >>> 6);
        if ((d & 63) != 0) {
            next[next.length - 1] &= (1L << (d & 63)) - 1;
        }
        return ofWords(next, d);
    }

    public ZonePath sibling() {
        if (depth == 0) {
            throw new IllegalStateException("the root has no sibling");
        }
        int level = depth - 1;
        if (level < 64) {
            return new ZonePath(first ^ (1L << level), more, depth);
        }
        long[] next = words((depth + 63) >>> 6);
        next[level >>> 6] ^= 1L << (level & 63);
        return ofWords(next, depth);
    }

    /** The last side taken: 0 for a lower child, 1 for an upper one. */
    public int lastBit() {
        return bit(depth - 1);
    }

    public boolean isPrefixOf(ZonePath other) {
        if (depth > other.depth) {
            return false;
        }
        if (depth <= 64) {
            // Every path of a grid below some 10^19 zones: one word.
            long mask = depth == 64 ? -1L : (1L << depth) - 1;
            return (first & mask) == (other.first & mask);
        }
        int full = depth >>> 6;
        for (int i = 0; i < full; i++) {
            if (word(i) != other.word(i)) {
                return false;
            }
        }
        int rest = depth & 63;
        if (rest == 0) {
            return true;
        }
        long mask = (1L << rest) - 1;
        return (word(full) & mask) == (other.word(full) & mask);
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
        return o instanceof ZonePath p && p.depth == depth && p.first == first && Arrays.equals(more, p.more);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Long.hashCode(first) + Arrays.hashCode(more)) + depth;
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
