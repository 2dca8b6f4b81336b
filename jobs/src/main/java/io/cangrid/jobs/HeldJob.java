package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;

/** A job in a run node's hands: queued or running, and the owner its heartbeats go to. */
final class HeldJob {

    final JobProfile profile;
    final MatchTrace trace;
    /** How many run nodes passed this job on since matchmaking placed it. */
    final int moves;
    NodeId owner;
    /** When it started running here (the node's clock), -1 while it waits. */
    long startedAt = -1;

    HeldJob(JobProfile profile, NodeId owner, MatchTrace trace, int moves) {
        this.profile = profile;
        this.owner = owner;
        this.trace = trace;
        this.moves = moves;
    }

    JobId id() {
        return profile.id();
    }
}
