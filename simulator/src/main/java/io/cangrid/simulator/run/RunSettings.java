package io.cangrid.simulator.run;

import io.cangrid.overlay.sim.LatencyModel;
import java.util.Objects;

/**
 * How one run is hosted: the locator by name (see {@link LocatorCatalog}), the seed every random source
 * derives from, how often neighbour state is refreshed, how often run nodes send heartbeats, the message
 * latency, and how long after the last arrival the run may go on for the grid to drain its queues.
 */
public record RunSettings(String locator, long seed, long updatePeriodMillis, long heartbeatMillis,
        LatencyModel latency, long drainLimitMillis) {

    public static final long DEFAULT_UPDATE_PERIOD_MILLIS = 10_000;
    public static final long DEFAULT_HEARTBEAT_MILLIS = 30_000;

    public RunSettings {
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(latency, "latency");
        if (updatePeriodMillis <= 0 || heartbeatMillis <= 0 || drainLimitMillis <= 0) {
            throw new IllegalArgumentException("update period, heartbeat and drain limit must be positive");
        }
    }
}
