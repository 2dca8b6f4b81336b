package io.cangrid.simulator.experiment;

import io.cangrid.jobs.JobEvents;
import io.cangrid.simulator.run.GridExperiment;
import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.simulator.run.RunStats;
import io.cangrid.simulator.workload.Workload;

/** Runs each workload in the deterministic simulation of the whole grid. */
public final class GridExperimentRunner implements LevelRunner {

    @Override
    public RunStats run(Workload workload, RunSettings settings, JobEvents events) {
        return GridExperiment.run(workload, settings, events);
    }
}
