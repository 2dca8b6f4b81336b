package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;

/** A job as its owner keeps it: the profile, the run node once one accepted it, and when it was last heard of. */
final class OwnedJob {

    final JobProfile profile;
    MatchTrace trace;
    NodeId runNode;
    boolean running;
    /** Why the run node's owner keeps the job from running, as its last heartbeat said (null: not held). */
    String held;
    long lastHeard;
    /** The passes between run nodes the accepted report counted (see {@code JobAssign#moves}). */
    int moves;
    /** How often run nodes refused the job (execution policy), and which. */
    int refusals;
    final java.util.Set<String> refusedBy = new java.util.LinkedHashSet<>();
    /**
     * Run nodes the job had before its current one, as this owner knows (presumed dead, or passed the job
     * on): one that ran it anyway may still report its end.
     */
    final java.util.Set<NodeId> formerRunNodes = new java.util.LinkedHashSet<>();

    OwnedJob(JobProfile profile, MatchTrace trace, long now) {
        this.profile = profile;
        this.trace = trace;
        this.lastHeard = now;
    }

    /**
     * How many times the job may have run: the run nodes that lost it, the one it is on now, and the runs
     * of the submissions before this one, which its client resubmitted after losing track of them.
     */
    /** The job is on {@code node} now (null: being matched again); the one it was on is remembered. */
    void placeOn(NodeId node) {
        if (runNode != null && !runNode.equals(node)) {
            formerRunNodes.add(runNode);
        }
        if (node == null || !node.equals(runNode)) {
            held = null; // the hold was the last node's
        }
        runNode = node;
    }

    int runs() {
        return trace.lostRuns() + (runNode != null ? 1 : 0) + profile.attempt() - 1;
    }

    JobState state() {
        if (runNode == null) {
            return JobState.MATCHING;
        }
        return running ? JobState.RUNNING : JobState.QUEUED;
    }
}
