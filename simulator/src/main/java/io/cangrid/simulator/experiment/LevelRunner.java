package io.cangrid.simulator.experiment;

import io.cangrid.jobs.JobEvents;
import io.cangrid.simulator.run.RunStats;
import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.simulator.workload.Workload;

/**
 * Runs one workload under one locator and reports every job event: the simulated grid in production
 * ({@link GridExperimentRunner}), a scripted stand-in in tests of the experiment pipeline. Must be safe to
 * call from several threads at once, one run per call.
 */
@FunctionalInterface
public interface LevelRunner {

    RunStats run(Workload workload, RunSettings settings, JobEvents events);
}
