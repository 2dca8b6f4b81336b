package io.cangrid.hygra.resource;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Amounts of the schema's quantity resources (in schema order) plus values of discrete attributes. The same
 * shape serves as a node's capacity, as what it has available, and as what a request asks for; for a
 * request, an attribute it leaves out is one it does not care about. Immutable, so it can ride in messages.
 */
public final class ResourceVector {

    private final long[] amounts;
    private final Map<String, String> attributes;

    ResourceVector(long[] amounts, Map<String, String> attributes) {
        this.amounts = amounts.clone();
        this.attributes = Map.copyOf(attributes);
    }

    public int size() {
        return amounts.length;
    }

    public long amount(int resource) {
        return amounts[resource];
    }

    public long[] amounts() {
        return amounts.clone();
    }

    public Map<String, String> attributes() {
        return attributes;
    }

    /** True when every amount is at least the request's and every attribute the request names is equal. */
    public boolean covers(ResourceVector request) {
        for (int i = 0; i < amounts.length; i++) {
            if (amounts[i] < request.amounts[i]) {
                return false;
            }
        }
        for (Map.Entry<String, String> wanted : request.attributes.entrySet()) {
            if (!wanted.getValue().equals(attributes.get(wanted.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** What is left once {@code held} is taken away; attributes stay this vector's own. */
    public ResourceVector minus(ResourceVector held) {
        long[] left = amounts.clone();
        for (int i = 0; i < left.length; i++) {
            left[i] -= held.amounts[i];
        }
        return new ResourceVector(left, attributes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResourceVector v && Arrays.equals(amounts, v.amounts) && attributes.equals(v.attributes);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(amounts) + attributes.hashCode();
    }

    @Override
    public String toString() {
        return Arrays.toString(amounts) + (attributes.isEmpty() ? "" : new TreeMap<>(attributes).toString());
    }
}
