package io.cangrid.overlay;

import java.util.Arrays;

/**
 * A point of the overlay space {@code [0,1]^D}: normalised capabilities or requirements followed by the
 * virtual coordinate. Immutable: the array is never handed out.
 */
public final class Point {

    private final double[] coords;

    private Point(double[] coords) {
        this.coords = coords;
    }

    public static Point of(double... coords) {
        for (int i = 0; i < coords.length; i++) {
            double c = coords[i];
            if (!(c >= 0.0 && c <= 1.0)) {
                throw new IllegalArgumentException("coordinate " + i + " must lie in [0,1], was " + c);
            }
        }
        return new Point(coords.clone());
    }

    public int dimensions() {
        return coords.length;
    }

    public double get(int dimension) {
        return coords[dimension];
    }

    public double[] toArray() {
        return coords.clone();
    }

    public double distanceTo(Point other) {
        double sum = 0;
        for (int i = 0; i < coords.length; i++) {
            double d = coords[i] - other.coords[i];
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    /** True when this point is at least {@code other} in every coordinate. */
    public boolean dominates(Point other) {
        for (int i = 0; i < coords.length; i++) {
            if (coords[i] < other.coords[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Point p && Arrays.equals(coords, p.coords);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(coords);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < coords.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            Decimals.append(sb, coords[i], 4);
        }
        return sb.append(')').toString();
    }
}
