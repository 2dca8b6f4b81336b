package io.cangrid.simulator.experiment;

/**
 * Hears how far an experiment got, counted in jobs: each run's jobs count as done when their client
 * learns their final state, or when the run ends without it. Called from the runs' threads.
 */
@FunctionalInterface
public interface ExperimentProgress {

    ExperimentProgress NONE = jobs -> { };

    void jobsDone(long jobs);
}
