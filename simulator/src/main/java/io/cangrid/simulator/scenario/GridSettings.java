package io.cangrid.simulator.scenario;

import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.WireMode;
import java.util.Objects;

/**
 * How the simulated grid runs, the same for every run of a scenario.
 *
 * @param latency the latency model's text form (as {@link LatencyModel#parse} reads it)
 * @param wire how messages cross between simulated nodes (copy-on-send with {@code kryo})
 */
public record GridSettings(long updatePeriodMillis, long heartbeatMillis, String latency, long drainLimitMillis,
        WireMode wire) {

    public GridSettings {
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(wire, "wire");
        LatencyModel.parse(latency);
        if (updatePeriodMillis <= 0 || heartbeatMillis <= 0 || drainLimitMillis <= 0) {
            throw new IllegalArgumentException("update period, heartbeat and drain limit must be positive");
        }
    }

    public LatencyModel latencyModel() {
        return LatencyModel.parse(latency);
    }

    /** The settings of one run of {@code locator}. */
    public RunSettings forRun(String locator, long seed) {
        return new RunSettings(locator, seed, updatePeriodMillis, heartbeatMillis, latencyModel(), drainLimitMillis,
                wire);
    }
}
