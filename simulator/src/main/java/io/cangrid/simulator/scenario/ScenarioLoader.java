package io.cangrid.simulator.scenario;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigSyntax;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.WireMode;
import io.cangrid.simulator.locator.LocatorCatalog;
import io.cangrid.simulator.locator.LocatorSpec;
import io.cangrid.simulator.scenario.ScenarioValues.Range;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a HOCON scenario file, applies {@code key=value} overrides (before substitutions are resolved, so
 * an override also changes whatever refers to the key), and checks every key: unknown keys, wrong types,
 * values out of range and unknown locators are refused with a {@link ScenarioException}.
 */
public final class ScenarioLoader {

    /** Scenario names become directory names. */
    private static final String NAME_PATTERN = "[A-Za-z0-9._-]+";
    private static final int MAX_NODES = 1_000_000;
    private static final int MAX_JOBS_PER_LEVEL = 10_000_000;
    /** Offered loads above 1 saturate the grid for good; a little above still shows the knee. */
    private static final double MAX_LOAD = 2.0;
    private static final double FRACTION_TOLERANCE = 1e-6;

    private ScenarioLoader() {
    }

    public static Scenario load(Path file) {
        return load(file, List.of());
    }

    /**
     * @param overrides {@code key=value} pairs; the value is HOCON ({@code 500}, {@code [0.5, 0.9]},
     *        {@code 30s}) or, if it does not parse as HOCON, a plain string ({@code exponential:50})
     */
    public static Scenario load(Path file, List<String> overrides) {
        String source = file.toString();
        if (!Files.isRegularFile(file)) {
            throw new ScenarioException("scenario file " + source + " does not exist or is not a file; give the path "
                    + "of a .conf file such as scenarios/quickstart.conf");
        }
        Config fromFile;
        try {
            fromFile = ConfigFactory.parseFile(file.toFile(),
                    ConfigParseOptions.defaults().setSyntax(ConfigSyntax.CONF).setAllowMissing(false));
        } catch (ConfigException e) {
            throw new ScenarioException(source + " is not a valid scenario file: " + e.getMessage(), e);
        }
        Config merged = ScenarioKeys.KEYS.overrides(overrides, source, "nodes=500").withFallback(fromFile);
        Config resolved;
        try {
            resolved = merged.resolve();
        } catch (ConfigException e) {
            throw new ScenarioException(source + ": " + e.getMessage(), e);
        }
        ScenarioKeys.KEYS.refuseUnknown(resolved, source);
        return read(new ScenarioValues(resolved, source), source);
    }

    private static Scenario read(ScenarioValues v, String source) {
        String name = v.string(ScenarioKeys.NAME, NAME_PATTERN, "letters, digits, '.', '_' or '-'");
        long seed = v.anyLong(ScenarioKeys.SEED);
        int nodes = v.intIn(ScenarioKeys.NODES, 1, MAX_NODES);
        NodePopulation population = readPopulation(v);
        JobMix jobs = readJobs(v);
        Platforms platforms = readPlatforms(v);
        List<Double> loads = v.numbers(ScenarioKeys.LOAD_LEVELS, Range.aboveZero(MAX_LOAD), false, false);
        if (new HashSet<>(loads).size() != loads.size()) {
            throw v.refuse(ScenarioKeys.LOAD_LEVELS, "a list of distinct load levels", loads.toString());
        }
        List<String> locators = readLocators(v);
        GridSettings grid = readGrid(v);
        ChurnPlan churn = new ChurnPlan(
                v.numbers(ScenarioKeys.DEPARTURES, Range.closed(0, ChurnPlan.MAX_DEPARTURES), false, true),
                v.number(ScenarioKeys.CRASH_FRACTION, Range.closed(0, 1)),
                v.number(ScenarioKeys.JOINS, Range.closed(0, ChurnPlan.MAX_DEPARTURES)));
        OwnerModel owners = readOwners(v);
        return new Scenario(name, seed, nodes, population, jobs, loads, locators, grid, churn, owners, platforms,
                source);
    }

    private static NodePopulation readPopulation(ScenarioValues v) {
        NodePopulation.Kind kind = v.choice(ScenarioKeys.POPULATION_KIND, NodePopulation.Kind.class);
        double skew = v.number(ScenarioKeys.POPULATION_SKEW, Range.aboveZero(1));
        Range positive = Range.aboveZero(Double.MAX_VALUE);
        List<Double> cpu = v.numbers(ScenarioKeys.CPU_LEVELS, positive, true, false);
        List<Double> memory = v.numbers(ScenarioKeys.MEMORY_LEVELS, positive, true, false);
        List<Double> disk = v.numbers(ScenarioKeys.DISK_LEVELS, positive, true, false);
        List<NodeClass> classes = readClasses(v);
        if (kind == NodePopulation.Kind.CLUSTERED && classes.isEmpty()) {
            throw v.refuse(ScenarioKeys.CLASSES, "a non-empty list when population.kind = clustered", "[]");
        }
        List<Double> cores = v.numbers(ScenarioKeys.CORES_LEVELS, Range.closed(1, JobSpec.MAX_CORES), true, false);
        wholeNumbers(v, ScenarioKeys.CORES_LEVELS, cores);
        return new NodePopulation(kind, skew, cpu, memory, disk, classes, cores);
    }

    private static List<NodeClass> readClasses(ScenarioValues v) {
        String allowed = "a list of objects { cpu, memory-mib, disk-gib (all > 0), fraction (in (0, 1]) } whose "
                + "fractions sum to 1";
        List<NodeClass> classes = new ArrayList<>();
        double sum = 0;
        for (Config c : v.objects(ScenarioKeys.CLASSES, allowed)) {
            Set<String> keys = c.root().keySet();
            if (!ScenarioKeys.CLASS_KEYS.containsAll(keys) || !keys.containsAll(ScenarioKeys.CLASS_KEYS)) {
                throw v.refuse(ScenarioKeys.CLASSES, allowed, c.root().render());
            }
            try {
                NodeClass nodeClass = new NodeClass(c.getDouble("cpu"), c.getDouble("memory-mib"),
                        c.getDouble("disk-gib"), c.getDouble("fraction"));
                classes.add(nodeClass);
                sum += nodeClass.fraction();
            } catch (ConfigException | IllegalArgumentException e) {
                throw new ScenarioException(v.refuse(ScenarioKeys.CLASSES, allowed, c.root().render()).getMessage(), e);
            }
        }
        if (!classes.isEmpty() && Math.abs(sum - 1.0) > FRACTION_TOLERANCE) {
            throw v.refuse(ScenarioKeys.CLASSES, allowed, "fractions summing to " + sum);
        }
        return classes;
    }

    private static Platforms readPlatforms(ScenarioValues v) {
        String allowed = "a list of objects { opsys, arch (names), fraction (in (0, 1]) } whose fractions sum to 1";
        List<Platform> kinds = new ArrayList<>();
        for (Config c : v.objects(ScenarioKeys.PLATFORMS, allowed)) {
            Set<String> keys = c.root().keySet();
            if (!ScenarioKeys.PLATFORM_KEYS.containsAll(keys) || !keys.containsAll(ScenarioKeys.PLATFORM_KEYS)) {
                throw v.refuse(ScenarioKeys.PLATFORMS, allowed, c.root().render());
            }
            try {
                kinds.add(new Platform(c.getString("opsys"), c.getString("arch"), c.getDouble("fraction")));
            } catch (ConfigException | IllegalArgumentException e) {
                throw new ScenarioException(v.refuse(ScenarioKeys.PLATFORMS, allowed, c.root().render()).getMessage(), e);
            }
        }
        double sum = kinds.stream().mapToDouble(Platform::fraction).sum();
        if (!kinds.isEmpty() && Math.abs(sum - 1.0) > FRACTION_TOLERANCE) {
            throw v.refuse(ScenarioKeys.PLATFORMS, allowed, "fractions summing to " + sum);
        }
        double constraint = v.number(ScenarioKeys.PLATFORM_CONSTRAINT, Range.closed(0, 1));
        if (kinds.isEmpty() && constraint > 0) {
            throw v.refuse(ScenarioKeys.PLATFORM_CONSTRAINT, "0 while population.platforms is empty",
                    Double.toString(constraint));
        }
        return new Platforms(kinds, constraint);
    }

    private static JobMix readJobs(ScenarioValues v) {
        JobMix.Constraint constraint = v.choice(ScenarioKeys.CONSTRAINT, JobMix.Constraint.class);
        int perLevel = v.intIn(ScenarioKeys.JOBS_PER_LEVEL, 1, MAX_JOBS_PER_LEVEL);
        double min = v.number(ScenarioKeys.WORK_MIN, Range.aboveZero(1e6));
        double max = v.number(ScenarioKeys.WORK_MAX, Range.closed(min, 1e6));
        List<Double> cores = v.numbers(ScenarioKeys.JOB_CORES_LEVELS, Range.closed(1, JobSpec.MAX_CORES), true, false);
        wholeNumbers(v, ScenarioKeys.JOB_CORES_LEVELS, cores);
        return new JobMix(constraint, perLevel, min, max, cores);
    }

    private static void wholeNumbers(ScenarioValues v, String key, List<Double> values) {
        for (double c : values) {
            if (c != Math.rint(c)) {
                throw v.refuse(key, "ascending whole numbers of cores from 1 to " + JobSpec.MAX_CORES, values.toString());
            }
        }
    }

    private static OwnerModel readOwners(ScenarioValues v) {
        String enabled = v.string(ScenarioKeys.OWNERS_ENABLED, "true|false|on|off", "true or false");
        long available = v.positiveMillis(ScenarioKeys.OWNERS_MEAN_AVAILABLE);
        long active = v.positiveMillis(ScenarioKeys.OWNERS_MEAN_ACTIVE);
        long maxSuspension = v.positiveMillis(ScenarioKeys.OWNERS_MAX_SUSPENSION);
        long poll = v.positiveMillis(ScenarioKeys.OWNERS_POLL);
        return new OwnerModel(enabled.equals("true") || enabled.equals("on"), available, active, maxSuspension, poll);
    }

    private static List<String> readLocators(ScenarioValues v) {
        String allowed = "a list of distinct locators from " + String.join(", ", LocatorCatalog.names())
                + " (CAN-P locators and HYGRA may take options, e.g. \"CAN-PX[idle=0]\", \"HYGRA[strategy=Stop]\")";
        List<String> locators = v.strings(ScenarioKeys.LOCATORS, allowed);
        List<String> stripped = new ArrayList<>();
        for (String locator : locators) {
            try {
                LocatorCatalog.validate(locator);
            } catch (IllegalArgumentException e) {
                throw v.refuse(ScenarioKeys.LOCATORS, allowed, e.getMessage() + " in " + locators);
            }
            stripped.add(locator.strip());
        }
        if (new HashSet<>(stripped).size() != stripped.size()) {
            throw v.refuse(ScenarioKeys.LOCATORS, allowed, locators.toString());
        }
        // Reports list locators in the catalogue's order, whatever order the scenario gives; variants of
        // one locator (with options) follow it in the scenario's order.
        List<String> ordered = new ArrayList<>();
        for (String known : LocatorCatalog.names()) {
            for (String locator : stripped) {
                if (LocatorSpec.parse(locator).name().equals(known)) {
                    ordered.add(locator);
                }
            }
        }
        return ordered;
    }

    private static GridSettings readGrid(ScenarioValues v) {
        long update = v.positiveMillis(ScenarioKeys.UPDATE_PERIOD);
        long heartbeat = v.positiveMillis(ScenarioKeys.HEARTBEAT_PERIOD);
        String latency = v.string(ScenarioKeys.LATENCY, ".+", "constant:MS, uniform:MIN-MAX or exponential:MEAN");
        try {
            LatencyModel.parse(latency);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(v.refuse(ScenarioKeys.LATENCY,
                    "constant:MS, uniform:MIN-MAX or exponential:MEAN (milliseconds)", "'" + latency + "'").getMessage(), e);
        }
        long drain = v.positiveMillis(ScenarioKeys.DRAIN_LIMIT);
        String wire = v.string(ScenarioKeys.WIRE, "direct|kryo", "direct or kryo");
        return new GridSettings(update, heartbeat, latency, drain, WireMode.parse(wire));
    }
}
