package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;

/** A job in a run node's hands: queued or running, and the owner its heartbeats go to. */
final class HeldJob {

    final JobProfile profile;
    final MatchTrace trace;
    /** How many run nodes passed this job on since matchmaking placed it. */
    final int moves;
    NodeId owner;
    /**
     * This node re-routed the job to its point because its owner fell silent, and no node has adopted it
     * yet: the adopter, whoever owns the point now, is the one node besides the owner it takes a new owner from.
     */
    boolean rerouted;
    /**
     * The last word of a new owner taken from a node that was not the job's owner here ({@code heldFrom}
     * naming {@code heldOwner}): refused, but applied should that node become the owner after all, as when
     * two hand-overs in quick succession reach this node in the wrong order.
     */
    NodeId heldFrom;
    NodeId heldOwner;
    /** When it started running here (the node's clock), -1 while it waits. */
    long startedAt = -1;
    /** How much this machine prefers the job (its {@code --prefer}), 0 without a preference: the queue's order. */
    double preference;

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
