package io.cangrid.overlay;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Fixed-point text for numbers that logs and job explanations print on every routing hop: what
 * {@code String.format(Locale.ROOT, "%.Nf", v)} prints, without building a {@code Formatter} and its locale
 * symbols each time, which cost a busy node a tenth of its processor.
 */
public final class Decimals {

    private Decimals() {
    }

    /** {@code v} with {@code digits} digits after the point, rounded half up, as {@code %.Nf} prints it. */
    public static String fixed(double v, int digits) {
        return append(new StringBuilder(12), v, digits).toString();
    }

    /** Appends {@link #fixed(double, int)} to {@code sb}. */
    public static StringBuilder append(StringBuilder sb, double v, int digits) {
        if (!Double.isFinite(v)) {
            return sb.append(v);
        }
        // BigDecimal.valueOf starts from the shortest decimal that reads back as v, as the formatter does.
        String text = BigDecimal.valueOf(v).setScale(digits, RoundingMode.HALF_UP).toPlainString();
        if ((v < 0 || (v == 0 && 1 / v < 0)) && text.charAt(0) != '-') {
            sb.append('-');
        }
        return sb.append(text);
    }

    /** {@code value} as 16 lower-case hex digits, as {@code %016x} prints it. */
    public static String hex16(long value) {
        String hex = Long.toHexString(value);
        return "0".repeat(16 - hex.length()) + hex;
    }
}
