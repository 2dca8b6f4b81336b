package io.cangrid.cli.submit;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Sizes in {@code request_memory} and {@code request_disk}, read as HTCondor reads them: a number with an
 * optional unit K, M, G or T (also KB, MB, GB, TB; any case; all binary), and a number without a unit in
 * the command's own unit, MiB for memory and KiB for disk. A size that falls between two of those units is
 * rounded up, so a job never asks less than written.
 */
public final class Sizes {

    /** The units, in order: a unit at index i is 1024^(i+1) bytes. */
    private static final String UNITS = "KMGT";

    private Sizes() {
    }

    /** {@code value} in MiB. */
    public static long mebibytes(String value) {
        return parse(value, 2);
    }

    /** {@code value} in KiB. */
    public static long kibibytes(String value) {
        return parse(value, 1);
    }

    /** {@code value} in units of 1024^{@code unitPower} bytes, the unit of a plain number. */
    private static long parse(String value, int unitPower) {
        String v = value.strip().toUpperCase(Locale.ROOT);
        if (v.endsWith("B")) {
            v = v.substring(0, v.length() - 1);
        }
        int power = unitPower;
        if (!v.isEmpty() && UNITS.indexOf(v.charAt(v.length() - 1)) >= 0) {
            power = UNITS.indexOf(v.charAt(v.length() - 1)) + 1;
            v = v.substring(0, v.length() - 1).strip();
        }
        BigDecimal number;
        try {
            number = new BigDecimal(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("`" + value.strip() + "` is not a size (a number with an optional"
                    + " unit K, M, G or T; expressions are not supported)", e);
        }
        if (number.signum() <= 0) {
            throw new IllegalArgumentException("`" + value.strip() + "` is not a positive size");
        }
        BigDecimal scaled = number.multiply(BigDecimal.valueOf(1024).pow(Math.max(0, power - unitPower)))
                .divide(BigDecimal.valueOf(1024).pow(Math.max(0, unitPower - power)), 0, RoundingMode.CEILING);
        try {
            return scaled.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("`" + value.strip() + "` is too large a size", e);
        }
    }
}
