package io.cangrid.simulator.experiment;

import io.cangrid.simulator.metrics.JobOutcome;
import io.cangrid.simulator.metrics.RunMetrics;
import io.cangrid.simulator.metrics.UtilisationSeries;
import io.cangrid.simulator.run.RunStats;
import java.util.List;

/**
 * One finished run: what the grid reported, the per-job outcomes, the busy nodes over time and the
 * figures derived from them.
 *
 * @param arrivalWindowMillis from the workload's start to its last arrival
 */
public record RunResult(RunKey key, RunStats stats, List<JobOutcome> jobs, UtilisationSeries utilisation,
        long arrivalWindowMillis, RunMetrics metrics) {

    public RunResult {
        jobs = List.copyOf(jobs);
    }
}
