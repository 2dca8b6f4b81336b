package io.cangrid.overlay.sim;

import java.util.random.RandomGenerator;

/**
 * A random generator with one long of state (Steele, Lea and Flood's SplitMix64): small enough to give
 * every one of a million simulated nodes its own stream, and seeded so that each stream depends only on
 * the simulation seed and the node.
 */
public class SplitMix64 implements RandomGenerator {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    public SplitMix64(long seed) {
        this.state = seed;
    }

    /** A seed for stream {@code stream} of a simulation seeded with {@code seed}. */
    public static long derive(long seed, long stream) {
        return mix(seed ^ mix(stream * GOLDEN_GAMMA + 0x632BE59BD9B4E019L));
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }
}
