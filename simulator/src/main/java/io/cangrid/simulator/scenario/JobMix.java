package io.cangrid.simulator.scenario;

import java.util.List;
import java.util.Objects;

/**
 * The jobs of every load level: how often each resource is constrained, how many jobs, the range of work W
 * in minutes (uniform), and the cores a job may take (drawn with the population's skew; {@code [1]}: every
 * job takes one core, as in the papers).
 */
public record JobMix(Constraint constraint, int perLevel, double workMinMinutes, double workMaxMinutes,
        List<Double> coresLevels) {

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
        coresLevels = List.copyOf(coresLevels);
        if (coresLevels.isEmpty()) {
            throw new IllegalArgumentException("job cores need at least one level");
        }
        for (double c : coresLevels) {
            if (c < 1 || c > io.cangrid.jobs.JobSpec.MAX_CORES || c != Math.rint(c)) {
                throw new IllegalArgumentException("job cores levels are whole numbers from 1 to "
                        + io.cangrid.jobs.JobSpec.MAX_CORES + ", not " + c);
            }
        }
        if (perLevel < 1) {
            throw new IllegalArgumentException("at least one job per level, was " + perLevel);
        }
        if (!(workMinMinutes > 0) || !(workMaxMinutes >= workMinMinutes) || Double.isInfinite(workMaxMinutes)) {
            throw new IllegalArgumentException("work needs 0 < min <= max minutes, was " + workMinMinutes + ".."
                    + workMaxMinutes);
        }
    }

    /** Whether some jobs take more than one core. */
    public boolean multicore() {
        return coresLevels.size() > 1 || coresLevels.get(0) > 1;
    }

    public double meanWorkMinutes() {
        return (workMinMinutes + workMaxMinutes) / 2;
    }
}
