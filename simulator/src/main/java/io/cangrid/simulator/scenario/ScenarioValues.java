package io.cangrid.simulator.scenario;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Typed, range-checked reads of one resolved scenario. Every refusal names the scenario file, the key,
 * what the key allows, the value found and where it was set (a line of a file, or {@code --set}).
 */
final class ScenarioValues {

    private final Config config;
    private final String source;

    ScenarioValues(Config config, String source) {
        this.config = config;
        this.source = source;
    }

    String string(String key, String pattern, String allowed) {
        String value = read(key, "a string (" + allowed + ")", () -> config.getString(key));
        if (!value.matches(pattern)) {
            throw refuse(key, allowed, "'" + value + "'");
        }
        return value;
    }

    <E extends Enum<E>> E choice(String key, Class<E> type) {
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(e.name().toLowerCase(Locale.ROOT));
        }
        String allowed = "one of " + String.join(", ", names);
        String value = read(key, allowed, () -> config.getString(key));
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(value.strip())) {
                return e;
            }
        }
        throw refuse(key, allowed, "'" + value + "'");
    }

    long anyLong(String key) {
        return read(key, "a whole number", () -> config.getLong(key));
    }

    int intIn(String key, int min, int max) {
        String allowed = "a whole number in [" + min + ", " + max + "]";
        long value = read(key, allowed, () -> config.getLong(key));
        if (value < min || value > max) {
            throw refuse(key, allowed, Long.toString(value));
        }
        return (int) value;
    }

    double number(String key, Range range) {
        double value = read(key, range.describe(), () -> config.getDouble(key));
        if (!range.contains(value)) {
            throw refuse(key, range.describe(), format(value));
        }
        return value;
    }

    long positiveMillis(String key) {
        String allowed = "a positive duration such as 500ms, 10s, 30m or 6h";
        long value = read(key, allowed, () -> config.getDuration(key, TimeUnit.MILLISECONDS));
        if (value <= 0) {
            throw refuse(key, allowed, value + " ms");
        }
        return value;
    }

    /** A list of numbers in {@code range}; a comma-separated string (as {@code --set} gives) is read as a list. */
    List<Double> numbers(String key, Range range, boolean ascending, boolean allowEmpty) {
        String allowed = (allowEmpty ? "a list" : "a non-empty list") + " of numbers, each " + range.describe()
                + (ascending ? ", ascending" : "");
        List<Double> values = new ArrayList<>();
        for (String item : items(key, allowed)) {
            try {
                values.add(Double.parseDouble(item));
            } catch (NumberFormatException e) {
                throw refuse(key, allowed, "'" + item + "'");
            }
        }
        if (values.isEmpty() && !allowEmpty) {
            throw refuse(key, allowed, "an empty list");
        }
        for (int i = 0; i < values.size(); i++) {
            double v = values.get(i);
            boolean inOrder = !ascending || i == 0 || v > values.get(i - 1);
            if (!range.contains(v) || !inOrder) {
                throw refuse(key, allowed, values.toString());
            }
        }
        return values;
    }

    /** A non-empty list of strings; a comma-separated string (as {@code --set} gives) is read as a list. */
    List<String> strings(String key, String allowed) {
        List<String> values = items(key, allowed);
        if (values.isEmpty()) {
            throw refuse(key, allowed, "an empty list");
        }
        return values;
    }

    List<? extends Config> objects(String key, String allowed) {
        return read(key, allowed, () -> config.getConfigList(key));
    }

    private List<String> items(String key, String allowed) {
        ConfigValue value = read(key, allowed, () -> config.getValue(key));
        List<String> items = new ArrayList<>();
        if (value.valueType() == ConfigValueType.STRING) {
            for (String part : ((String) value.unwrapped()).split(",")) {
                if (!part.isBlank()) {
                    items.add(part.strip());
                }
            }
            return items;
        }
        if (value.valueType() != ConfigValueType.LIST) {
            throw refuse(key, allowed, value.render());
        }
        for (Object o : (List<?>) value.unwrapped()) {
            if (o instanceof List || o instanceof Map) {
                throw refuse(key, allowed, value.render());
            }
            items.add(String.valueOf(o).strip());
        }
        return items;
    }

    private interface Read<T> {
        T get();
    }

    private <T> T read(String key, String allowed, Read<T> read) {
        try {
            return read.get();
        } catch (ConfigException.Missing e) {
            throw new ScenarioException(source + ": key '" + key + "' is missing; scenario files start with "
                    + "include \"base.conf\", which gives every key its default", e);
        } catch (ConfigException.WrongType | ConfigException.BadValue e) {
            String found = config.hasPath(key) ? config.getValue(key).render() : "nothing";
            throw new ScenarioException(refuse(key, allowed, found).getMessage(), e);
        }
    }

    ScenarioException refuse(String key, String allowed, String found) {
        return new ScenarioException(source + ": key '" + key + "' must be " + allowed + ", was " + found
                + ConfigKeys.where(config, key));
    }

    private static String format(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }

    /** An interval of allowed numbers, with its own description for messages. */
    record Range(double min, boolean minIncluded, double max, boolean maxIncluded) {

        static Range closed(double min, double max) {
            return new Range(min, true, max, true);
        }

        static Range aboveZero(double max) {
            return new Range(0, false, max, true);
        }

        boolean contains(double v) {
            return Double.isFinite(v) && (minIncluded ? v >= min : v > min) && (maxIncluded ? v <= max : v < max);
        }

        String describe() {
            if (max == Double.MAX_VALUE) {
                return (minIncluded ? ">= " : "> ") + format(min);
            }
            return "in " + (minIncluded ? "[" : "(") + format(min) + ", " + format(max) + (maxIncluded ? "]" : ")");
        }
    }
}
