package io.cangrid.simulator.scenario;

import java.util.Objects;

/**
 * The jobs of every load level: how often each resource is constrained, how many jobs, and the range of
 * work W in minutes (uniform).
 */
public record JobMix(Constraint constraint, int perLevel, double workMinMinutes, double workMaxMinutes) {

    /** Kim et al.'s two job mixes: each of the three resources is constrained independently. */
    public enum Constraint {
        LIGHTLY(1.3 / 3),
        HEAVILY(2.4 / 3);

        private final double probability;

        Constraint(double probability) {
            this.probability = probability;
        }

        /** Probability that a job constrains one given resource. */
        public double probability() {
            return probability;
        }
    }

    public JobMix {
        Objects.requireNonNull(constraint, "constraint");
        if (perLevel < 1) {
            throw new IllegalArgumentException("at least one job per level, was " + perLevel);
        }
        if (!(workMinMinutes > 0) || !(workMaxMinutes >= workMinMinutes) || Double.isInfinite(workMaxMinutes)) {
            throw new IllegalArgumentException("work needs 0 < min <= max minutes, was " + workMinMinutes + ".."
                    + workMaxMinutes);
        }
    }

    public double meanWorkMinutes() {
        return (workMinMinutes + workMaxMinutes) / 2;
    }
}
