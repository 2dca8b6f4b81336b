package io.cangrid.simulator.runtime;

import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.SplitMix64;

/**
 * A scenario's network for an engine that asks its transport how long a message takes: the latency model
 * and the loss probability, drawn from one random stream of the scenario's seed, in the order the
 * deterministic simulation draws them (loss first, then latency).
 */
public final class NetworkModel {

    /** What {@link #delayMillis()} returns for a message the network loses. */
    public static final long LOST = -1;

    private static final long NETWORK_STREAM = -1;

    private final LatencyModel latency;
    private final double loss;
    private final SplitMix64 random;

    public NetworkModel(LatencyModel latency, double loss, long seed) {
        if (!(loss >= 0 && loss <= 1)) {
            throw new IllegalArgumentException("message loss must be in [0, 1], was " + loss);
        }
        this.latency = latency;
        this.loss = loss;
        this.random = new SplitMix64(SplitMix64.derive(seed, NETWORK_STREAM));
    }

    /** The delay of the next message in milliseconds, or {@link #LOST}. */
    public long delayMillis() {
        if (loss > 0 && random.nextDouble() < loss) {
            return LOST;
        }
        return latency.sampleMillis(random);
    }

    /** A latency drawn from the model, loss aside. */
    public long latencySampleMillis() {
        return latency.sampleMillis(random);
    }

    public LatencyModel latency() {
        return latency;
    }

    public double loss() {
        return loss;
    }
}
