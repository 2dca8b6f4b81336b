package io.cangrid.cli.simulate;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.simulator.experiment.LevelRunner;
import io.cangrid.simulator.locator.LocatorCatalog;
import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.simulator.run.RunStats;
import io.cangrid.simulator.workload.JobArrival;
import io.cangrid.simulator.workload.Workload;

/**
 * Stands in for the simulated grid in command tests: every job runs on the first node capable of it (or
 * finds no match) after a wait of one second per place of the locator in the catalogue, so runs are instant
 * and deterministic, and locators differ.
 */
final class StandInGrid implements LevelRunner {

    @Override
    public RunStats run(Workload workload, RunSettings settings, JobEvents events) {
        long end = 0;
        long wait = 1000L * (1 + LocatorCatalog.names().indexOf(settings.locator()));
        for (int j = 0; j < workload.jobs().size(); j++) {
            JobArrival a = workload.jobs().get(j);
            JobProfile job = new JobProfile(new JobId(j, workload.schema().pointOf(a.spec().requirements(), 0.25)),
                    a.spec(), NodeId.of(-1), a.atMillis(), 1);
            events.submitted(job, a.atMillis());
            int node = firstCapable(workload, job);
            if (node < 0) {
                events.finished(job, JobState.NO_MATCH, "none capable", a.atMillis());
                continue;
            }
            long start = a.atMillis() + wait;
            long finish = start + a.spec().runningMillis(workload.nodes().get(node).get(0));
            events.assigned(job, NodeId.of(node), new MatchTrace(1, 0, false), 0, a.atMillis());
            events.started(job, NodeId.of(node), start);
            events.runEnded(job, NodeId.of(node), finish);
            events.finished(job, JobState.COMPLETED, null, finish);
            end = Math.max(end, finish);
        }
        return new RunStats(workload.nodes().size(), 100, 100, 0, end, 0, 0.0);
    }

    private static int firstCapable(Workload workload, JobProfile job) {
        for (int n = 0; n < workload.nodes().size(); n++) {
            if (workload.nodes().get(n).satisfies(job.spec().requirements())) {
                return n;
            }
        }
        return -1;
    }
}
