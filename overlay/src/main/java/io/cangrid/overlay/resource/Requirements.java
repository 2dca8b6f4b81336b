package io.cangrid.overlay.resource;

import java.util.Arrays;

/**
 * A job's minimum requirements, one raw value per real dimension; 0 means "no requirement" in that
 * dimension.
 */
public final class Requirements {

    private final double[] values;

    public Requirements(double... values) {
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] >= 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException("requirement " + i + " must be a finite value >= 0, was " + values[i]);
            }
        }
        this.values = values.clone();
    }

    public static Requirements none(int dimensions) {
        return new Requirements(new double[dimensions]);
    }

    public double get(int dimension) {
        return values[dimension];
    }

    public boolean constrains(int dimension) {
        return values[dimension] > 0;
    }

    public int size() {
        return values.length;
    }

    double[] values() {
        return values;
    }

    public double[] toArray() {
        return values.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Requirements r && Arrays.equals(values, r.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
