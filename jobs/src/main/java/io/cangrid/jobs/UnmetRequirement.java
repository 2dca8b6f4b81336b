package io.cangrid.jobs;

import io.cangrid.overlay.resource.ResourceDimension;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A requirement that none of the nodes looked at meets, with the largest value they offer in that
 * dimension: the reason a NO_MATCH gives the client (design.md §3).
 *
 * @param index the dimension's position in the schema
 * @param largestOffered empty when no node was looked at
 */
public record UnmetRequirement(ResourceDimension dimension, int index, double required, OptionalDouble largestOffered) {

    public UnmetRequirement {
        Objects.requireNonNull(dimension, "dimension");
        Objects.requireNonNull(largestOffered, "largestOffered");
    }

    public String name() {
        return dimension.name();
    }

    /** E.g. {@code "memory: needs 65536 MiB, the most any node offers is 16384 MiB"}. */
    public String describe() {
        String needs = name() + ": needs " + withUnit(required);
        return largestOffered.isPresent()
                ? needs + ", the most any node offers is " + withUnit(largestOffered.getAsDouble())
                : needs + ", and no node was seen";
    }

    private String withUnit(double value) {
        String unit = dimension.unit();
        String number = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        return unit == null || unit.isBlank() ? number : number + " " + unit;
    }
}
