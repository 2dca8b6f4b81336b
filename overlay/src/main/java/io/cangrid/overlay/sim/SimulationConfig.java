package io.cangrid.overlay.sim;

/**
 * Inputs of a simulation that are not the programs themselves: one seed for everything random, the
 * network's latency and its message loss, and how messages cross from sender to receiver.
 */
public record SimulationConfig(long seed, LatencyModel latency, double dropProbability, WireMode wire) {

    public static final double DEFAULT_MEAN_LATENCY_MILLIS = 50.0;

    public SimulationConfig {
        if (latency == null) {
            throw new IllegalArgumentException("a latency model is required");
        }
        if (!(dropProbability >= 0 && dropProbability <= 1)) {
            throw new IllegalArgumentException("drop probability must be in [0, 1], was " + dropProbability);
        }
        if (wire == null) {
            throw new IllegalArgumentException("a wire mode is required");
        }
    }

    /** A configuration whose wire mode is the JVM's default ({@link WireMode#fromSystemProperty()}). */
    public SimulationConfig(long seed, LatencyModel latency, double dropProbability) {
        this(seed, latency, dropProbability, WireMode.fromSystemProperty());
    }

    /** Exponential latency with a 50 ms mean, no loss. */
    public static SimulationConfig defaults(long seed) {
        return new SimulationConfig(seed, LatencyModel.exponential(DEFAULT_MEAN_LATENCY_MILLIS), 0.0);
    }

    public SimulationConfig withLatency(LatencyModel model) {
        return new SimulationConfig(seed, model, dropProbability, wire);
    }

    public SimulationConfig withDropProbability(double p) {
        return new SimulationConfig(seed, latency, p, wire);
    }

    public SimulationConfig withWire(WireMode mode) {
        return new SimulationConfig(seed, latency, dropProbability, mode);
    }
}
