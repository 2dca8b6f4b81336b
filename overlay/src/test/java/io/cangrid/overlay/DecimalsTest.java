package io.cangrid.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DecimalsTest {

    @Test
    void printsWhatTheFormatterPrintsForTiesSignsAndOddValues() {
        double[] values = {0, -0.0, 1, 0.5, 0.00005, 0.00015, 0.00025, 1.00045, 0.12345, -0.00001, -0.00005,
            0.99995, 0.999949, 123456.78905, 1e-10, -1e-10, 1e20, 3.0e-5, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MIN_VALUE, 0.1 + 0.2, 2.675, 1.005};
        for (double v : values) {
            for (int digits = 0; digits <= 4; digits++) {
                assertEquals(String.format(Locale.ROOT, "%." + digits + "f", v), Decimals.fixed(v, digits),
                        "value " + v + " with " + digits + " digits");
            }
        }
    }

    @Test
    void printsWhatTheFormatterPrintsForRandomValues() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 20_000; i++) {
            // Values on a grid of 1e-5 and near it: where half-up rounding at 4 digits is decided.
            double v = random.nextBoolean() ? random.nextInt(-200_000, 200_000) / 100_000.0
                    : random.nextDouble(-1e6, 1e6);
            int digits = random.nextInt(0, 5);
            assertEquals(String.format(Locale.ROOT, "%." + digits + "f", v), Decimals.fixed(v, digits),
                    "value " + v + " with " + digits + " digits (seed " + seed + ")");
        }
    }

    @Test
    void hexIsSixteenDigitsAsTheFormatterPrintsIt() {
        long[] values = {0, 1, -1, 0xabcL, Long.MIN_VALUE, Long.MAX_VALUE, 0x0123456789abcdefL};
        for (long v : values) {
            assertEquals(String.format("%016x", v), Decimals.hex16(v));
        }
    }
}
