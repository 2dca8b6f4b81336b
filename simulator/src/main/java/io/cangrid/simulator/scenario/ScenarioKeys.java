package io.cangrid.simulator.scenario;

import java.util.List;

/** Every key a scenario may set; {@code scenarios/base.conf} gives each its default and explains it. */
public final class ScenarioKeys {

    public static final String NAME = "name";
    public static final String SEED = "seed";
    public static final String NODES = "nodes";
    public static final String POPULATION_KIND = "population.kind";
    public static final String POPULATION_SKEW = "population.skew";
    public static final String CPU_LEVELS = "population.cpu-levels";
    public static final String MEMORY_LEVELS = "population.memory-levels-mib";
    public static final String DISK_LEVELS = "population.disk-levels-gib";
    public static final String CLASSES = "population.classes";
    public static final String CORES_LEVELS = "population.cores-levels";
    public static final String PLATFORMS = "population.platforms";
    public static final String CONSTRAINT = "jobs.constraint";
    public static final String JOBS_PER_LEVEL = "jobs.per-level";
    public static final String WORK_MIN = "jobs.work-minutes.min";
    public static final String WORK_MAX = "jobs.work-minutes.max";
    public static final String JOB_CORES_LEVELS = "jobs.cores-levels";
    public static final String PLATFORM_CONSTRAINT = "jobs.platform-constraint";
    public static final String LOAD_LEVELS = "load-levels";
    public static final String LOCATORS = "locators";
    public static final String UPDATE_PERIOD = "grid.update-period";
    public static final String HEARTBEAT_PERIOD = "grid.heartbeat-period";
    public static final String LATENCY = "grid.latency";
    public static final String DRAIN_LIMIT = "grid.drain-limit";
    public static final String WIRE = "grid.wire";
    public static final String DEPARTURES = "churn.departures";
    public static final String CRASH_FRACTION = "churn.crash-fraction";
    public static final String JOINS = "churn.joins";
    public static final String OWNERS_ENABLED = "owners.enabled";
    public static final String OWNERS_MEAN_AVAILABLE = "owners.mean-available";
    public static final String OWNERS_MEAN_ACTIVE = "owners.mean-active";
    public static final String OWNERS_MAX_SUSPENSION = "owners.max-suspension";
    public static final String OWNERS_POLL = "owners.poll-period";

    /** In the order base.conf lists them. */
    public static final List<String> ALL = List.of(NAME, SEED, NODES, POPULATION_KIND, POPULATION_SKEW, CPU_LEVELS,
            MEMORY_LEVELS, DISK_LEVELS, CLASSES, CORES_LEVELS, PLATFORMS, CONSTRAINT, JOBS_PER_LEVEL, WORK_MIN,
            WORK_MAX, JOB_CORES_LEVELS, PLATFORM_CONSTRAINT, LOAD_LEVELS, LOCATORS, UPDATE_PERIOD, HEARTBEAT_PERIOD, LATENCY, DRAIN_LIMIT, WIRE,
            DEPARTURES, CRASH_FRACTION, JOINS, OWNERS_ENABLED, OWNERS_MEAN_AVAILABLE, OWNERS_MEAN_ACTIVE,
            OWNERS_MAX_SUSPENSION, OWNERS_POLL);

    /** Keys of the objects inside {@link #CLASSES}. */
    public static final List<String> CLASS_KEYS = List.of("cpu", "memory-mib", "disk-gib", "fraction");

    /** Keys of the objects inside {@link #PLATFORMS}. */
    public static final List<String> PLATFORM_KEYS = List.of("opsys", "arch", "fraction");

    private ScenarioKeys() {
    }

    /** The keys with what both scenario loaders do with them: unknown keys with a hint, values' origins. */
    public static final ConfigKeys KEYS = new ConfigKeys(ALL, "scenarios/base.conf lists every key");

    public static boolean isKnown(String key) {
        return KEYS.isKnown(key);
    }

    /** The known key closest to {@code key} by edit distance, for "did you mean" hints; null if none is close. */
    public static String closest(String key) {
        return KEYS.closest(key);
    }
}
