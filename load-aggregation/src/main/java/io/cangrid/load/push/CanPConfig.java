package io.cangrid.load.push;

import java.util.Objects;

/**
 * A CAN-P locator's policies: the stopping factor SF in (0, 10], the push objective, the stopping rule and
 * the run-node score; and the most pushes a job may take, so that stale aggregates cannot bounce it forever.
 */
public record CanPConfig(double stoppingFactor, PushObjective objective, StoppingRule stopping, RunNodeScore score,
        int maxPushes) {

    public static final int DEFAULT_MAX_PUSHES = 64;

    public CanPConfig {
        if (!(stoppingFactor > 0 && stoppingFactor <= 10)) {
            throw new IllegalArgumentException("the stopping factor SF must lie in (0, 10], was " + stoppingFactor);
        }
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(stopping, "stopping");
        Objects.requireNonNull(score, "score");
        if (maxPushes < 1) {
            throw new IllegalArgumentException("max pushes must be at least 1, was " + maxPushes);
        }
    }

    /** The defaults of ALGORITHMS section 5 with stopping factor {@code sf}. */
    public static CanPConfig withStoppingFactor(double sf) {
        return new CanPConfig(sf, PushObjective.AVERAGE_OVER_NODES, StoppingRule.R4B, RunNodeScore.QUEUE_PER_CPU,
                DEFAULT_MAX_PUSHES);
    }
}
