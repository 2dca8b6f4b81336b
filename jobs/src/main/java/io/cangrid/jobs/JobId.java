package io.cangrid.jobs;

import io.cangrid.overlay.Point;
import java.util.Objects;

/**
 * A job's grid-wide identity. It carries the job's point of the CAN space, so any node can route a status
 * query to the job's owner (the node whose zone holds that point) without a directory, and a 64-bit serial
 * that makes it unique.
 *
 * <p>The point is the job's canonical point: route by {@link #point()}. Its coordinates are rounded down
 * to multiples of {@code 2^-30} when the id is built. That gives the id a short, exact, fixed-width text
 * form, and rounding <em>down</em> keeps the property completeness relies on: a node capable of the job has
 * a point that dominates the job's point in every real dimension.
 *
 * <p>Text form: {@code j<serial>@<c0>.<c1>...<cv>}, the serial as 16 lower-case hex digits and each
 * coordinate {@code c} as the 8 lower-case hex digits of {@code c * 2^30} ({@code 40000000} is 1.0); the
 * last coordinate is the virtual one. Example: {@code j000000000000002a@10000000.00000000.3c000000}.
 */
public record JobId(long serial, Point point) implements Comparable<JobId> {

    /** Coordinates are multiples of {@code 1 / GRID}: fine enough for any zone, coarse enough for 8 hex digits. */
    static final int GRID = 1 << 30;

    /** One real dimension and the virtual one. */
    public static final int MIN_SPACE_DIMENSIONS = 2;

    /** Bounds the text form, so parsing never has to walk an unbounded string. */
    public static final int MAX_SPACE_DIMENSIONS = 64;

    private static final char PREFIX = 'j';
    private static final char POINT_SEPARATOR = '@';
    private static final char COORDINATE_SEPARATOR = '.';
    private static final int SERIAL_DIGITS = 16;
    private static final int COORDINATE_DIGITS = 8;
    private static final int MAX_TEXT_LENGTH = 2 + SERIAL_DIGITS + MAX_SPACE_DIMENSIONS * (COORDINATE_DIGITS + 1);

    /** Rounds the point's coordinates down onto the id's grid (see the class comment) and checks its shape. */
    public JobId {
        Objects.requireNonNull(point, "point");
        int d = point.dimensions();
        if (d < MIN_SPACE_DIMENSIONS || d > MAX_SPACE_DIMENSIONS) {
            throw new IllegalArgumentException("a job's point needs " + MIN_SPACE_DIMENSIONS + ".."
                    + MAX_SPACE_DIMENSIONS + " coordinates (real dimensions, then the virtual one), got " + d);
        }
        if (!(point.get(d - 1) < 1.0)) {
            throw new IllegalArgumentException("the virtual coordinate must lie in [0,1), was " + point.get(d - 1));
        }
        point = onGrid(point);
    }

    /** Rounds every coordinate down to a multiple of {@code 2^-30}; idempotent. */
    static Point onGrid(Point p) {
        double[] c = p.toArray();
        boolean changed = false;
        for (int i = 0; i < c.length; i++) {
            // Scaling by a power of two is exact, so floor and the division back lose nothing but the rest.
            double snapped = Math.floor(c[i] * GRID) / GRID;
            changed |= snapped != c[i];
            c[i] = snapped;
        }
        return changed ? Point.of(c) : p;
    }

    /** Number of real dimensions the point carries (the virtual one excluded). */
    public int realDimensions() {
        return point.dimensions() - 1;
    }

    public double virtualCoordinate() {
        return point.get(point.dimensions() - 1);
    }

    /**
     * Reads the text form written by {@link #toString()}.
     *
     * @throws IllegalArgumentException naming what is wrong, when {@code text} is not a job id
     */
    public static JobId parse(String text) {
        Objects.requireNonNull(text, "job id text");
        if (text.length() > MAX_TEXT_LENGTH) {
            throw malformed(text, "longer than any job id (" + text.length() + " characters, at most "
                    + MAX_TEXT_LENGTH + ")");
        }
        if (text.isEmpty() || text.charAt(0) != PREFIX) {
            throw malformed(text, "a job id starts with '" + PREFIX + "'");
        }
        int at = text.indexOf(POINT_SEPARATOR);
        if (at < 0) {
            throw malformed(text, "no '" + POINT_SEPARATOR + "' between the serial and the point");
        }
        long serial = hex(text, text.substring(1, at), SERIAL_DIGITS, "the serial");
        String[] parts = text.substring(at + 1).split("\\" + COORDINATE_SEPARATOR, -1);
        if (parts.length < MIN_SPACE_DIMENSIONS) {
            throw malformed(text, "the point needs at least " + MIN_SPACE_DIMENSIONS
                    + " coordinates separated by '" + COORDINATE_SEPARATOR + "', found " + parts.length);
        }
        double[] coords = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            long q = hex(text, parts[i], COORDINATE_DIGITS, "coordinate " + i);
            if (q > GRID) {
                throw malformed(text, "coordinate " + i + " (" + parts[i] + ") exceeds "
                        + Integer.toHexString(GRID) + ", which stands for 1.0");
            }
            coords[i] = (double) q / GRID;
        }
        if (coords[coords.length - 1] >= 1.0) {
            throw malformed(text, "the virtual coordinate (the last) must be below 1.0");
        }
        return new JobId(serial, Point.of(coords));
    }

    private static long hex(String text, String digits, int width, String what) {
        if (digits.isEmpty()) {
            throw malformed(text, what + " is empty; it needs " + width + " hex digits");
        }
        if (digits.length() != width) {
            String shown = digits.length() <= 24 ? digits : digits.substring(0, 24) + "...";
            throw malformed(text, what + " must have " + width + " hex digits, has " + digits.length()
                    + " ('" + shown + "')");
        }
        long value = 0;
        for (int i = 0; i < width; i++) {
            char ch = digits.charAt(i);
            int v = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
            if (v < 0) {
                // One spelling only, so that parse(text).toString() gives back text.
                throw malformed(text, what + " has '" + ch + "' where a lower-case hex digit belongs");
            }
            value = value << 4 | v;
        }
        return value;
    }

    private static IllegalArgumentException malformed(String text, String problem) {
        String shown = text.length() <= 120 ? text : text.substring(0, 120) + "...";
        return new IllegalArgumentException("malformed job id '" + shown + "': " + problem);
    }

    /** Serial first, then coordinates: a total order that simulations can iterate in reproducibly. */
    @Override
    public int compareTo(JobId other) {
        int c = Long.compare(serial, other.serial);
        if (c != 0) {
            return c;
        }
        int d = Math.min(point.dimensions(), other.point.dimensions());
        for (int i = 0; i < d; i++) {
            c = Double.compare(point.get(i), other.point.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(point.dimensions(), other.point.dimensions());
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(2 + SERIAL_DIGITS + point.dimensions() * (COORDINATE_DIGITS + 1));
        sb.append(PREFIX);
        appendHex(sb, serial, SERIAL_DIGITS);
        for (int i = 0; i < point.dimensions(); i++) {
            sb.append(i == 0 ? POINT_SEPARATOR : COORDINATE_SEPARATOR);
            appendHex(sb, (long) (point.get(i) * GRID), COORDINATE_DIGITS);
        }
        return sb.toString();
    }

    private static void appendHex(StringBuilder sb, long value, int width) {
        for (int shift = (width - 1) * 4; shift >= 0; shift -= 4) {
            sb.append(Character.forDigit((int) (value >>> shift) & 0xf, 16));
        }
    }
}
