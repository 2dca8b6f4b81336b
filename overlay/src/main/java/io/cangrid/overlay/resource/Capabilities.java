package io.cangrid.overlay.resource;

import java.util.Arrays;

/** What a node offers, one raw value per real dimension of its schema (cpu speed, MiB, GiB, ...). */
public final class Capabilities {

    private final double[] values;

    public Capabilities(double... values) {
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] >= 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException("capability " + i + " must be a finite value >= 0, was " + values[i]);
            }
        }
        this.values = values.clone();
    }

    public double get(int dimension) {
        return values[dimension];
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

    /** Capable means {@code >=} in every real dimension, compared on raw values (never normalised ones). */
    public boolean satisfies(Requirements requirements) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] < requirements.get(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Capabilities c && Arrays.equals(values, c.values);
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
