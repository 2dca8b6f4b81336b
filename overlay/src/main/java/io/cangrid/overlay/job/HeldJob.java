package io.cangrid.overlay.job;

import io.cangrid.overlay.NodeId;

/** A job in a run node's hands: queued or running, and the owner its heartbeats go to. */
final class HeldJob {

    final JobProfile profile;
    final MatchTrace trace;
    NodeId owner;

    HeldJob(JobProfile profile, NodeId owner, MatchTrace trace) {
        this.profile = profile;
        this.owner = owner;
        this.trace = trace;
    }

    JobId id() {
        return profile.id();
    }
}
