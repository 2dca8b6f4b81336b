package io.cangrid.simulator.run;

import io.cangrid.overlay.job.JobEvents;
import io.cangrid.simulator.workload.Workload;

/** Runs one workload under one locator in the deterministic simulation. */
public final class GridExperiment {

    private GridExperiment() {
    }

    /**
     * Builds the grid from the workload's nodes by joins, lets it settle, submits every job at its arrival
     * time through a client at a random live node, applies the churn, and runs until every job reached a
     * final state or the drain limit passed. Every job event goes to {@code events}.
     */
    public static RunStats run(Workload workload, RunSettings settings, JobEvents events) {
        throw new UnsupportedOperationException("not wired yet");
    }
}
