package io.cangrid.simulator.scenario;

import io.cangrid.simulator.locator.LocatorCatalog;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.WireMode;
import java.util.Objects;

/**
 * How one run is hosted: the locator by name (see {@link LocatorCatalog}), the seed every random source
 * derives from, how often neighbour state is refreshed, how often run nodes send heartbeats, the message
 * latency, how long after the last arrival the run may go on for the grid to drain its queues, and how
 * messages cross between nodes.
 */
public record RunSettings(String locator, long seed, long updatePeriodMillis, long heartbeatMillis,
        LatencyModel latency, long drainLimitMillis, WireMode wire, OwnerModel owners) {

    public static final long DEFAULT_UPDATE_PERIOD_MILLIS = 10_000;
    public static final long DEFAULT_HEARTBEAT_MILLIS = 30_000;

    public RunSettings {
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(wire, "wire");
        Objects.requireNonNull(owners, "owners");
        if (updatePeriodMillis <= 0 || heartbeatMillis <= 0 || drainLimitMillis <= 0) {
            throw new IllegalArgumentException("update period, heartbeat and drain limit must be positive");
        }
    }

    /** Settings whose machines are the grid's all the time. */
    public RunSettings(String locator, long seed, long updatePeriodMillis, long heartbeatMillis, LatencyModel latency,
            long drainLimitMillis, WireMode wire) {
        this(locator, seed, updatePeriodMillis, heartbeatMillis, latency, drainLimitMillis, wire, OwnerModel.NONE);
    }

    /** The same run on machines whose owners behave as {@code model}. */
    public RunSettings withOwners(OwnerModel model) {
        return new RunSettings(locator, seed, updatePeriodMillis, heartbeatMillis, latency, drainLimitMillis, wire,
                model);
    }

    /** Settings whose wire mode is the JVM's default ({@link WireMode#fromSystemProperty()}). */
    public RunSettings(String locator, long seed, long updatePeriodMillis, long heartbeatMillis, LatencyModel latency,
            long drainLimitMillis) {
        this(locator, seed, updatePeriodMillis, heartbeatMillis, latency, drainLimitMillis,
                WireMode.fromSystemProperty());
    }

    /**
     * The wire mode a run uses: copy-on-send when the scenario asks for it or when the JVM's default is
     * copy-on-send (the test suites' second pass), so that the switch reaches every run.
     */
    public WireMode effectiveWire() {
        return wire == WireMode.KRYO || WireMode.fromSystemProperty() == WireMode.KRYO ? WireMode.KRYO : WireMode.DIRECT;
    }
}
