package io.cangrid.load.push;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Looks a policy up by its name, refusing unknown names with the list of valid ones. */
final class PolicyNames {

    private PolicyNames() {
    }

    static <T> T parse(String kind, String name, T[] values, Function<T, String> nameOf) {
        List<String> names = new ArrayList<>();
        for (T v : values) {
            if (nameOf.apply(v).equalsIgnoreCase(name)) {
                return v;
            }
            names.add(nameOf.apply(v));
        }
        throw new IllegalArgumentException("unknown " + kind + " '" + name + "'; valid: " + String.join(", ", names));
    }
}
