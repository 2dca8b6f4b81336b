package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;

/** Tells two listeners of every job event, the first first. */
public record BothJobEvents(JobEvents first, JobEvents second) implements JobEvents {

    @Override
    public void submitted(JobProfile job, long at) {
        first.submitted(job, at);
        second.submitted(job, at);
    }

    @Override
    public void assigned(JobProfile job, NodeId runNode, MatchTrace trace, int queueAhead, long at) {
        first.assigned(job, runNode, trace, queueAhead, at);
        second.assigned(job, runNode, trace, queueAhead, at);
    }

    @Override
    public void started(JobProfile job, NodeId runNode, long at) {
        first.started(job, runNode, at);
        second.started(job, runNode, at);
    }

    @Override
    public void runEnded(JobProfile job, NodeId runNode, long at) {
        first.runEnded(job, runNode, at);
        second.runEnded(job, runNode, at);
    }

    @Override
    public void rematched(JobProfile job, NodeId owner, long at) {
        first.rematched(job, owner, at);
        second.rematched(job, owner, at);
    }

    @Override
    public void finished(JobProfile job, JobState state, String reason, long at) {
        first.finished(job, state, reason, at);
        second.finished(job, state, reason, at);
    }

    @Override
    public void vacated(JobProfile job, NodeId runNode, long at) {
        first.vacated(job, runNode, at);
        second.vacated(job, runNode, at);
    }

}
