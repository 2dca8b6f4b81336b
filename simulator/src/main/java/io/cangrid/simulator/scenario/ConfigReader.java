package io.cangrid.simulator.scenario;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigSyntax;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Typed reads of a scenario's keys for the loaders of experiments other than the grid's; each refusal names
 * the file, the key, what it allows, what was found and where it was set.
 */
public record ConfigReader(Config config, String source) {

    /** The file as HOCON, unresolved; a missing file is an error. */
    public static Config parseFile(Path file) {
        return ConfigFactory.parseFile(file.toFile(),
                ConfigParseOptions.defaults().setSyntax(ConfigSyntax.CONF).setAllowMissing(false));
    }

    public <T> T read(String key, String allowed, Supplier<T> getter) {
        if (!config.hasPath(key)) {
            throw new ScenarioException(source + ": key '" + key + "' is missing; it must be " + allowed);
        }
        T value;
        try {
            value = getter.get();
        } catch (ConfigException e) {
            throw new ScenarioException(refuse(key, allowed, config.getValue(key).render()).getMessage(), e);
        }
        if (value == null) {
            throw refuse(key, allowed, config.getValue(key).render());
        }
        return value;
    }

    public ScenarioException refuse(String key, String allowed, String found) {
        return new ScenarioException(source + ": key '" + key + "' must be " + allowed + ", was " + found
                + ConfigKeys.where(config, key));
    }

    public int intIn(String key, int min, int max) {
        String allowed = "a whole number in [" + min + ", " + max + "]";
        long value = read(key, allowed, () -> config.getLong(key));
        if (value < min || value > max) {
            throw refuse(key, allowed, Long.toString(value));
        }
        return (int) value;
    }

    public double number(String key) {
        return read(key, "a number", () -> config.getDouble(key));
    }

    public <E extends Enum<E>> E choice(String key, Class<E> type) {
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        String allowed = "one of " + String.join(", ", names);
        String value = read(key, allowed, () -> config.getString(key));
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(value.strip().replace('-', '_'))) {
                return e;
            }
        }
        throw refuse(key, allowed, "'" + value + "'");
    }
}
