package io.cangrid.simulator.gangs;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import io.cangrid.simulator.scenario.ConfigReader;
import io.cangrid.simulator.scenario.ScenarioException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a gangmatching scenario ({@code experiment = gangmatching}) as the other loaders read theirs:
 * {@code key=value} overrides, unknown keys refused with the key most likely meant, and every value checked
 * before anything runs, the refusal naming the file, the key, what it allows and what was found.
 */
public final class GangScenarioLoader {

    private static final String NAME_PATTERN = "[A-Za-z0-9._-]+";

    private GangScenarioLoader() {
    }

    /** True when the file parses and declares {@code experiment = gangmatching}. */
    public static boolean isGangScenario(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try {
            Config config = ConfigReader.parseFile(file);
            return config.hasPath(GangScenarioKeys.EXPERIMENT)
                    && GangScenarioKeys.EXPERIMENT_VALUE.equals(config.getString(GangScenarioKeys.EXPERIMENT));
        } catch (ConfigException e) {
            // Not ours to judge: the grid scenario loader reports what is wrong with the file.
            return false;
        }
    }

    public static GangScenario load(Path file, List<String> overrides) {
        String source = file.toString();
        Config config;
        try {
            config = GangScenarioKeys.KEYS.overrides(overrides, source, "gangs.jobs=[500]")
                    .withFallback(ConfigReader.parseFile(file)).resolve();
        } catch (ConfigException e) {
            throw new ScenarioException(source + " is not a valid gangmatching scenario: " + e.getMessage(), e);
        }
        GangScenarioKeys.KEYS.refuseUnknown(config, source);
        ConfigReader r = new ConfigReader(config, source);
        String name = r.read(GangScenarioKeys.NAME, "letters, digits, '.', '_' or '-'", () -> {
            String v = config.getString(GangScenarioKeys.NAME);
            return v.matches(NAME_PATTERN) ? v : null;
        });
        List<Integer> jobs = r.read(GangScenarioKeys.JOBS, "a non-empty list of job counts in [1, 100000]", () -> {
            List<Integer> v = config.getIntList(GangScenarioKeys.JOBS);
            return !v.isEmpty() && v.stream().allMatch(n -> n >= 1 && n <= 100_000) ? v : null;
        });
        List<Double> ratios = r.read(GangScenarioKeys.LICENCES_PER_JOB,
                "a non-empty list of licences per job in [0, 1]", () -> {
                    List<Double> v = config.getDoubleList(GangScenarioKeys.LICENCES_PER_JOB);
                    return !v.isEmpty() && v.stream().allMatch(l -> l >= 0 && l <= 1) ? v : null;
                });
        int fewestJobs = jobs.stream().mapToInt(Integer::intValue).min().orElseThrow();
        List<Integer> partitions = r.read(GangScenarioKeys.PARTITIONS,
                "a non-empty list of partition counts in [1, " + fewestJobs + "] (no more than the fewest jobs)", () -> {
                    List<Integer> v = config.getIntList(GangScenarioKeys.PARTITIONS);
                    return !v.isEmpty() && v.stream().allMatch(s -> s >= 1 && s <= fewestJobs) ? v : null;
                });
        List<String> names = r.read(GangScenarioKeys.SEARCHES, "a non-empty list of naive, fixed, dynamic", () -> {
            List<String> v = config.getStringList(GangScenarioKeys.SEARCHES);
            return v.isEmpty() ? null : v;
        });
        List<GangSearchKind> searches = new ArrayList<>();
        for (String search : names) {
            try {
                searches.add(GangSearchKind.valueOf(search.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(r.refuse(GangScenarioKeys.SEARCHES, "a non-empty list of naive, fixed,"
                        + " dynamic", "'" + search + "'").getMessage(), e);
            }
        }
        return new GangScenario(name, source, jobs, ratios, partitions, searches);
    }
}
