package io.cangrid.simulator.experiment;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.locator.LocatorCatalog;
import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.simulator.run.RunStats;
import io.cangrid.simulator.workload.JobArrival;
import io.cangrid.simulator.workload.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * A stand-in for the simulated grid: a central queueing model that sends every job to the capable node that
 * frees up first, runs queues FIFO and reports the events the real life cycle would. It ignores churn. Every
 * {@code loseEvery}-th job is submitted but never heard of again, to exercise lost-job accounting.
 */
final class FakeGrid implements LevelRunner {

    static final long WORKLOAD_START = 60_000;
    static final long MESSAGES_PER_JOB = 12;

    private final int loseEvery;

    FakeGrid() {
        this(0);
    }

    FakeGrid(int loseEvery) {
        this.loseEvery = loseEvery;
    }

    @Override
    public RunStats run(Workload workload, RunSettings settings, JobEvents events) {
        List<Capabilities> nodes = workload.nodes();
        long[] freeAt = new long[nodes.size()];
        List<List<Long>> finishes = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            finishes.add(new ArrayList<>());
        }
        long end = WORKLOAD_START;
        int unfinished = 0;
        NodeId client = NodeId.of(1_000_000);
        // Locators differ, so their waits must too: a hop's worth of delay per position in the catalogue.
        long locatorDelay = 50L * LocatorCatalog.names().indexOf(settings.locator());
        for (int j = 0; j < workload.jobs().size(); j++) {
            JobArrival arrival = workload.jobs().get(j);
            JobSpec spec = arrival.spec();
            long submitted = WORKLOAD_START + arrival.atMillis();
            JobId id = new JobId(j, workload.schema().pointOf(spec.requirements(), 0.5));
            JobProfile job = new JobProfile(id, spec, client, submitted, 1);
            events.submitted(job, submitted);
            if (loseEvery > 0 && j % loseEvery == loseEvery - 1) {
                unfinished++;
                continue;
            }
            int best = -1;
            for (int n = 0; n < nodes.size(); n++) {
                if (nodes.get(n).satisfies(spec.requirements()) && (best < 0 || freeAt[n] < freeAt[best])) {
                    best = n;
                }
            }
            if (best < 0) {
                events.finished(job, JobState.NO_MATCH, "no capable node", submitted + 1);
                continue;
            }
            long assigned = submitted + locatorDelay + 1;
            int ahead = 0;
            for (long f : finishes.get(best)) {
                ahead += f > assigned ? 1 : 0;
            }
            NodeId runNode = NodeId.of(best);
            events.assigned(job, runNode, new MatchTrace(2, best % 3, best % 2 == 0), ahead, assigned);
            long start = Math.max(assigned, freeAt[best]);
            long finish = start + spec.runningMillis(nodes.get(best).get(0));
            freeAt[best] = finish;
            finishes.get(best).add(finish);
            events.started(job, runNode, start);
            events.runEnded(job, runNode, finish);
            events.finished(job, JobState.COMPLETED, null, finish + 1);
            end = Math.max(end, finish + 1);
        }
        long messages = MESSAGES_PER_JOB * workload.jobs().size();
        return new RunStats(nodes.size(), messages, 3L * workload.jobs().size(), WORKLOAD_START, end, unfinished, 0.01);
    }
}
