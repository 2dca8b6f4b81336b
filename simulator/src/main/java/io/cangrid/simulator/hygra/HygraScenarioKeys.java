package io.cangrid.simulator.hygra;

import io.cangrid.simulator.scenario.ConfigKeys;
import java.util.List;

/** Every key a HYGRA tick scenario may set; scenarios/hygra-backtracking.conf explains each one. */
final class HygraScenarioKeys {

    static final String EXPERIMENT = "experiment";
    static final String EXPERIMENT_VALUE = "hygra-tick";
    static final String NAME = "name";
    static final String SEED = "seed";
    static final String NODES = "hygra.nodes";
    static final String RESOURCES = "hygra.resources";
    static final String CAPACITY_MIN = "hygra.capacity-min";
    static final String CAPACITY_MAX = "hygra.capacity-max";
    static final String DEG_MIN = "hygra.deg-min";
    static final String DEG_MAX = "hygra.deg-max";
    static final String T_MAX = "hygra.t-max";
    static final String HOP_LIMIT = "hygra.hop-limit";
    static final String HEURISTIC = "hygra.heuristic";
    static final String DEAD_END = "hygra.dead-end";
    static final String VISIT_IDENTITY = "hygra.visit-identity";
    static final String PLACEMENT = "hygra.placement";
    static final String HOLE_IN_HISTORY = "hygra.hole-in-history";
    static final String REQUEST_PACE = "hygra.request-pace";
    static final String MEAN_AMOUNT = "hygra.mean-amount";
    static final String MEAN_DURATION = "hygra.mean-duration-ticks";
    static final String SETTLE_TICKS = "hygra.settle-ticks";
    static final String WARMUP_TICKS = "hygra.warmup-ticks";
    static final String MEASURED_TICKS = "hygra.measured-ticks";
    static final String RATES = "hygra.rates";

    static final List<String> ALL = List.of(EXPERIMENT, NAME, SEED, NODES, RESOURCES, CAPACITY_MIN, CAPACITY_MAX,
            DEG_MIN, DEG_MAX, T_MAX, HOP_LIMIT, HEURISTIC, DEAD_END, VISIT_IDENTITY, PLACEMENT, HOLE_IN_HISTORY,
            REQUEST_PACE, MEAN_AMOUNT, MEAN_DURATION, SETTLE_TICKS, WARMUP_TICKS, MEASURED_TICKS, RATES);

    /** The keys with what both scenario loaders do with them: unknown keys with a hint, values' origins. */
    static final ConfigKeys KEYS = new ConfigKeys(ALL, "scenarios/hygra-backtracking.conf explains every key");

    private HygraScenarioKeys() {
    }
}
