package io.cangrid.hygra.resource;

/**
 * A resource a node holds an amount of (cores, memory, ...). {@code maxAmount} is the largest capacity the
 * grid expects; it maps amounts onto the [0, 1] coordinate of the hyperspace.
 */
public record QuantityResource(String name, long maxAmount) {

    public QuantityResource {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a quantity resource needs a name, was '" + name + "'");
        }
        if (maxAmount < 1) {
            throw new IllegalArgumentException("resource " + name + ": maxAmount must be at least 1, was " + maxAmount);
        }
    }

    /** Amount as a coordinate in [0, 1]; amounts beyond the declared range clamp. */
    public double normalise(long amount) {
        return Math.min(1.0, Math.max(0.0, (double) amount / maxAmount));
    }
}
