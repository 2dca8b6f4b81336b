package io.cangrid.overlay.wire;

import io.cangrid.overlay.ValueReader;
import io.cangrid.overlay.ValueWriter;

/**
 * Doubles in the fewest bytes that keep them exact. Most values the protocols send are round: capability
 * levels (2048 MB, 1.5 GHz), zone faces made by halving. Their mantissas end in long runs of zeros, so the
 * bit pattern reversed is a small number that a variable-length integer writes in one to four bytes
 * instead of eight. Any other value goes whole.
 */
public final class CompactDoubles {

    private CompactDoubles() {
    }

    /** True when {@code x} is worth its short form: reversed, its bits fit in three varint bytes. */
    public static boolean isShort(double x) {
        return Long.reverse(Double.doubleToRawLongBits(x)) >>> 42 == 0;
    }

    /** Writes a value {@link #isShort} accepted. */
    public static void writeShort(ValueWriter out, double x) {
        out.writeVarLong(Long.reverse(Double.doubleToRawLongBits(x)), true);
    }

    public static double readShort(ValueReader in) {
        return Double.longBitsToDouble(Long.reverse(in.readVarLong(true)));
    }

    /**
     * Writes an array: its length, one bit per value (set for those written whole) packed eight to a byte,
     * then the values.
     */
    public static void writeArray(ValueWriter out, double[] values) {
        out.writeVarInt(values.length, true);
        for (int first = 0; first < values.length; first += 8) {
            int mask = 0;
            for (int i = first; i < Math.min(values.length, first + 8); i++) {
                if (!isShort(values[i])) {
                    mask |= 1 << (i - first);
                }
            }
            out.writeByte(mask);
        }
        for (double x : values) {
            if (isShort(x)) {
                writeShort(out, x);
            } else {
                out.writeDouble(x);
            }
        }
    }

    /** Reads an array {@link #writeArray} wrote; {@code what} names it in the error for a length that cannot fit. */
    public static double[] readArray(ValueReader in, String what) {
        int n = in.readVarInt(true);
        int remaining = in.remaining();
        // Each value takes at least one byte, and every eight of them a mask byte.
        if (n < 0 || n > remaining) {
            throw new WireFormatException(what + " of " + n + " value(s) cannot fit in the " + remaining
                    + " byte(s) left of the frame");
        }
        int[] masks = new int[(n + 7) / 8];
        for (int m = 0; m < masks.length; m++) {
            masks[m] = in.readByte() & 0xFF;
        }
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            boolean whole = (masks[i >>> 3] & (1 << (i & 7))) != 0;
            values[i] = whole ? in.readDouble() : readShort(in);
        }
        return values;
    }
}
