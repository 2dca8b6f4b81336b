package io.cangrid.hygra.resource;

import java.util.Set;
import java.util.TreeSet;

/**
 * A property a node has one value of, from a declared set ({@code os} in linux, windows, ...). It never
 * becomes a coordinate: a request can only ask for equality.
 */
public record DiscreteAttribute(String name, Set<String> values) {

    public DiscreteAttribute {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a discrete attribute needs a name, was '" + name + "'");
        }
        if (values == null || values.isEmpty()) {
            throw new IllegalArgumentException("attribute " + name + " needs at least one allowed value");
        }
        // Sorted, so error messages list the allowed values in a stable order.
        values = Set.copyOf(new TreeSet<>(values));
    }

    public void requireKnown(String value, String usedIn) {
        if (!values.contains(value)) {
            throw new IllegalArgumentException(usedIn + ": " + name + " = '" + value + "' is not allowed; "
                    + name + " must be one of " + new TreeSet<>(values));
        }
    }
}
