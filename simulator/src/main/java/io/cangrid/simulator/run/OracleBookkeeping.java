package io.cangrid.simulator.run;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.simulator.baseline.GlobalView;

/** Passes every event on, and tells the oracles' global view when a job they sent reached its run node. */
final class OracleBookkeeping implements JobEvents {

    private final JobEvents next;
    private final GlobalView view;

    OracleBookkeeping(JobEvents next, GlobalView view) {
        this.next = next;
        this.view = view;
    }

    @Override
    public void submitted(JobProfile job, long at) {
        next.submitted(job, at);
    }

    @Override
    public void assigned(JobProfile job, NodeId runNode, MatchTrace trace, int queueAhead, long at) {
        view.arrived(runNode, job.spec());
        next.assigned(job, runNode, trace, queueAhead, at);
    }

    @Override
    public void started(JobProfile job, NodeId runNode, long at) {
        next.started(job, runNode, at);
    }

    @Override
    public void runEnded(JobProfile job, NodeId runNode, long at) {
        next.runEnded(job, runNode, at);
    }

    @Override
    public void rematched(JobProfile job, NodeId owner, long at) {
        next.rematched(job, owner, at);
    }

    @Override
    public void vacated(JobProfile job, NodeId runNode, long at) {
        next.vacated(job, runNode, at);
    }

    @Override
    public void finished(JobProfile job, JobState state, String reason, long at) {
        next.finished(job, state, reason, at);
    }
}
