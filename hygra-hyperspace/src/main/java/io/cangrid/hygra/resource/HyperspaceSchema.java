package io.cangrid.hygra.resource;

import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The resources of a HYGRA grid: quantity resources, which become the hyperspace's axes, and discrete
 * attributes, which only filter. Every vector built through the schema has been checked against it, so the
 * protocol can compare vectors without checking again.
 */
public final class HyperspaceSchema {

    private final List<QuantityResource> quantities;
    private final Map<String, DiscreteAttribute> attributes = new LinkedHashMap<>();

    public HyperspaceSchema(List<QuantityResource> quantities, List<DiscreteAttribute> attributes) {
        if (quantities.isEmpty()) {
            throw new IllegalArgumentException("a schema needs at least one quantity resource");
        }
        Set<String> names = new HashSet<>();
        for (QuantityResource q : quantities) {
            requireNewName(names, q.name());
        }
        for (DiscreteAttribute a : attributes) {
            requireNewName(names, a.name());
            this.attributes.put(a.name(), a);
        }
        this.quantities = List.copyOf(quantities);
    }

    /** Quantity resources only, as the paper's experiment uses. */
    public static HyperspaceSchema ofQuantities(List<QuantityResource> quantities) {
        return new HyperspaceSchema(quantities, List.of());
    }

    private static void requireNewName(Set<String> names, String name) {
        if (!names.add(name)) {
            throw new IllegalArgumentException("resource name '" + name + "' is declared twice");
        }
    }

    public int dimensions() {
        return quantities.size();
    }

    public List<QuantityResource> quantities() {
        return quantities;
    }

    /** A request: {@code >=} on each named quantity (0 when left out), {@code =} on each named attribute. */
    public ResourceVector request(Map<String, Long> amounts, Map<String, String> wantedAttributes) {
        return vector(amounts, wantedAttributes, false, "request");
    }

    /** A node's capacity: every attribute must be given. */
    public ResourceVector capacity(Map<String, Long> amounts, Map<String, String> nodeAttributes) {
        return vector(amounts, nodeAttributes, true, "node capacity");
    }

    /** A request or capacity given as amounts in schema order, without attributes. */
    public ResourceVector amounts(long... amounts) {
        if (amounts.length != quantities.size()) {
            throw new IllegalArgumentException("expected " + quantities.size() + " amounts " + names()
                    + ", got " + amounts.length);
        }
        Map<String, Long> named = new LinkedHashMap<>();
        for (int i = 0; i < amounts.length; i++) {
            named.put(quantities.get(i).name(), amounts[i]);
        }
        return vector(named, Map.of(), false, "amounts");
    }

    private ResourceVector vector(Map<String, Long> amounts, Map<String, String> attrs, boolean allAttributes,
            String what) {
        for (String name : amounts.keySet()) {
            if (quantities.stream().noneMatch(q -> q.name().equals(name))) {
                throw new IllegalArgumentException(what + ": unknown resource '" + name + "'; known resources are "
                        + names());
            }
        }
        long[] values = new long[quantities.size()];
        for (int i = 0; i < values.length; i++) {
            String name = quantities.get(i).name();
            long v = amounts.getOrDefault(name, 0L);
            if (v < 0) {
                throw new IllegalArgumentException(what + ": " + name + " = " + v + " is negative; amounts must be >= 0");
            }
            values[i] = v;
        }
        for (Map.Entry<String, String> e : attrs.entrySet()) {
            DiscreteAttribute attribute = attributes.get(e.getKey());
            if (attribute == null) {
                throw new IllegalArgumentException(what + ": unknown attribute '" + e.getKey()
                        + "'; known attributes are " + attributes.keySet());
            }
            attribute.requireKnown(e.getValue(), what);
        }
        if (allAttributes && !attrs.keySet().containsAll(attributes.keySet())) {
            Set<String> missing = new HashSet<>(attributes.keySet());
            missing.removeAll(attrs.keySet());
            throw new IllegalArgumentException(what + " must give every attribute; missing " + missing);
        }
        return new ResourceVector(values, attrs);
    }

    /** The hyperspace point of a vector's amounts: each normalised by its resource's range. */
    public Point point(ResourceVector vector) {
        double[] coords = new double[quantities.size()];
        for (int i = 0; i < coords.length; i++) {
            coords[i] = quantities.get(i).normalise(vector.amount(i));
        }
        return Point.of(coords);
    }

    private List<String> names() {
        List<String> names = new ArrayList<>();
        quantities.forEach(q -> names.add(q.name()));
        return names;
    }
}
