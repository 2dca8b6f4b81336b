package io.cangrid.simulator.hygra;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import io.cangrid.hygra.protocol.DeadEndStrategy;
import io.cangrid.hygra.protocol.Heuristic;
import io.cangrid.hygra.protocol.HoleInHistory;
import io.cangrid.hygra.protocol.HygraParameters;
import io.cangrid.hygra.protocol.Placement;
import io.cangrid.hygra.protocol.VisitIdentity;
import io.cangrid.hygra.tick.RequestPace;
import io.cangrid.hygra.tick.TickSettings;
import io.cangrid.simulator.scenario.ConfigKeys;
import io.cangrid.simulator.scenario.ConfigReader;
import io.cangrid.simulator.scenario.ScenarioException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a HYGRA tick scenario ({@code experiment = hygra-tick}). Keys and overrides are handled as the grid
 * scenario loader handles them, by the same {@link ConfigKeys}: {@code key=value} overrides, unknown keys
 * refused with where they were set and the key most likely meant; wrong types and values out of range are
 * refused naming the file, the key, what is allowed, what was found and where it was set.
 */
public final class HygraScenarioLoader {

    private static final String NAME_PATTERN = "[A-Za-z0-9._-]+";

    private HygraScenarioLoader() {
    }

    /** True when the file parses and declares {@code experiment = hygra-tick}; the grid loader reads the rest. */
    public static boolean isHygraScenario(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try {
            Config config = ConfigReader.parseFile(file);
            return config.hasPath(HygraScenarioKeys.EXPERIMENT)
                    && HygraScenarioKeys.EXPERIMENT_VALUE.equals(config.getString(HygraScenarioKeys.EXPERIMENT));
        } catch (ConfigException e) {
            // Not ours to judge: the grid scenario loader reports what is wrong with the file.
            return false;
        }
    }

    public static HygraScenario load(Path file, List<String> overrides) {
        String source = file.toString();
        Config config;
        try {
            config = HygraScenarioKeys.KEYS.overrides(overrides, source, "seed=2").withFallback(ConfigReader.parseFile(file)).resolve();
        } catch (ConfigException e) {
            throw new ScenarioException(source + " is not a valid HYGRA scenario: " + e.getMessage(), e);
        }
        HygraScenarioKeys.KEYS.refuseUnknown(config, source);
        ConfigReader r = new ConfigReader(config, source);
        String name = r.read(HygraScenarioKeys.NAME, "letters, digits, '.', '_' or '-'", () -> {
            String v = config.getString(HygraScenarioKeys.NAME);
            return v.matches(NAME_PATTERN) ? v : null;
        });
        HygraParameters parameters;
        try {
            parameters = new HygraParameters(
                    r.intIn(HygraScenarioKeys.DEG_MIN, 1, 10_000), r.intIn(HygraScenarioKeys.DEG_MAX, 2, 10_000),
                    r.intIn(HygraScenarioKeys.T_MAX, 0, 1_000_000), r.intIn(HygraScenarioKeys.HOP_LIMIT, 1, 1_000_000),
                    r.choice(HygraScenarioKeys.HEURISTIC, Heuristic.class),
                    r.choice(HygraScenarioKeys.DEAD_END, DeadEndStrategy.class),
                    r.choice(HygraScenarioKeys.VISIT_IDENTITY, VisitIdentity.class),
                    r.choice(HygraScenarioKeys.PLACEMENT, Placement.class),
                    r.choice(HygraScenarioKeys.HOLE_IN_HISTORY, HoleInHistory.class), 0,
                    HygraParameters.DEFAULT_ROUND_TIMEOUT_MILLIS);
        } catch (ScenarioException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // The protocol's own checks name the value and what is allowed; the file name is added here.
            throw new ScenarioException(source + ": " + e.getMessage(), e);
        }
        List<Integer> rates = r.read(HygraScenarioKeys.RATES, "a list of whole requests per tick in [1, 10000]",
                () -> config.getIntList(HygraScenarioKeys.RATES));
        try {
            TickSettings settings = new TickSettings(r.read(HygraScenarioKeys.SEED, "a whole number",
                    () -> config.getLong(HygraScenarioKeys.SEED)),
                    r.intIn(HygraScenarioKeys.NODES, 2, 100_000), r.intIn(HygraScenarioKeys.RESOURCES, 1, 16),
                    r.intIn(HygraScenarioKeys.CAPACITY_MIN, 0, 1_000_000_000),
                    r.intIn(HygraScenarioKeys.CAPACITY_MAX, 1, 1_000_000_000), parameters,
                    r.number(HygraScenarioKeys.MEAN_AMOUNT), r.number(HygraScenarioKeys.MEAN_DURATION),
                    r.intIn(HygraScenarioKeys.SETTLE_TICKS, 0, 1_000_000),
                    r.intIn(HygraScenarioKeys.WARMUP_TICKS, 0, 1_000_000),
                    r.intIn(HygraScenarioKeys.MEASURED_TICKS, 1, 1_000_000),
                    r.choice(HygraScenarioKeys.REQUEST_PACE, RequestPace.class), rates);
            return new HygraScenario(name, source, settings);
        } catch (ScenarioException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // The protocol's own checks name the value and what is allowed; the file name is added here.
            throw new ScenarioException(source + ": " + e.getMessage(), e);
        }
    }
}
