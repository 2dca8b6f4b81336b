package io.cangrid.overlay.sim;

import java.util.Locale;
import java.util.random.RandomGenerator;

/** How long a simulated message travels, in whole milliseconds of virtual time. */
@FunctionalInterface
public interface LatencyModel {

    long sampleMillis(RandomGenerator rng);

    static LatencyModel constant(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("latency must be >= 0 ms, was " + millis);
        }
        return new Described(rng -> millis, "constant:" + millis);
    }

    static LatencyModel uniform(long minMillis, long maxMillis) {
        if (minMillis < 0 || maxMillis < minMillis) {
            throw new IllegalArgumentException("uniform latency needs 0 <= min <= max, got " + minMillis + "-" + maxMillis);
        }
        return new Described(rng -> minMillis + rng.nextLong(maxMillis - minMillis + 1),
                "uniform:" + minMillis + "-" + maxMillis);
    }

    /** Exponentially distributed with the given mean, rounded to the nearest millisecond. */
    static LatencyModel exponential(double meanMillis) {
        if (!(meanMillis > 0) || Double.isInfinite(meanMillis)) {
            throw new IllegalArgumentException("exponential latency needs a positive mean, was " + meanMillis);
        }
        return new Described(rng -> Math.round(-meanMillis * Math.log(1.0 - rng.nextDouble())),
                "exponential:" + meanMillis);
    }

    /** Parses {@code constant:20}, {@code uniform:10-90} or {@code exponential:50}. */
    static LatencyModel parse(String text) {
        String hint = "expected constant:MS, uniform:MIN-MAX or exponential:MEAN (milliseconds), got '" + text + "'";
        if (text == null) {
            throw new IllegalArgumentException(hint);
        }
        String[] parts = text.trim().toLowerCase(Locale.ROOT).split(":", 2);
        if (parts.length != 2) {
            throw new IllegalArgumentException(hint);
        }
        try {
            switch (parts[0]) {
                case "constant":
                    return constant(Long.parseLong(parts[1].trim()));
                case "uniform": {
                    String[] range = parts[1].split("-", 2);
                    if (range.length != 2) {
                        throw new IllegalArgumentException(hint);
                    }
                    return uniform(Long.parseLong(range[0].trim()), Long.parseLong(range[1].trim()));
                }
                case "exponential":
                    return exponential(Double.parseDouble(parts[1].trim()));
                default:
                    throw new IllegalArgumentException(hint);
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(hint, e);
        }
    }

    /** A model that prints as the text that parses back to it. */
    record Described(LatencyModel model, String text) implements LatencyModel {
        @Override
        public long sampleMillis(RandomGenerator rng) {
            return model.sampleMillis(rng);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
