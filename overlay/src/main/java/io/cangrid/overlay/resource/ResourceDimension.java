package io.cangrid.overlay.resource;

import java.util.Locale;

/**
 * One real axis of the resource space: its name, the raw range that maps onto {@code [0,1]}, the scale,
 * and the unit users write values in. Values outside the range clamp.
 */
public record ResourceDimension(String name, double min, double max, Scale scale, String unit) {

    public ResourceDimension {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a resource dimension needs a name");
        }
        if (!(max > min)) {
            throw new IllegalArgumentException("dimension '" + name + "': max (" + max + ") must exceed min (" + min + ")");
        }
        if (scale == Scale.LOG && !(min > 0)) {
            throw new IllegalArgumentException("dimension '" + name + "': a log scale needs min > 0, was " + min);
        }
    }

    /** Maps a raw value to {@code [0,1]}, clamping values beyond the range. */
    public double normalise(double value) {
        if (value <= min) {
            return 0.0;
        }
        if (value >= max) {
            return 1.0;
        }
        double n = scale == Scale.LINEAR
                ? (value - min) / (max - min)
                : Math.log(value / min) / Math.log(max / min);
        return Math.min(1.0, Math.max(0.0, n));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s[%s..%s %s, %s]", name, min, max, unit, scale.name().toLowerCase(Locale.ROOT));
    }
}
