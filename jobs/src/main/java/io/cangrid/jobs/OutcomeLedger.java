package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;

/**
 * Where an owner keeps how its jobs ended beyond its memory: a live node writes each outcome to its work
 * directory, so that the outcome outlives a restart and the job, resubmitted, does not run again. The
 * simulation keeps outcomes in memory only ({@link #NONE}).
 */
@FunctionalInterface
public interface OutcomeLedger {

    /** Owner {@code owner} recorded that job {@code id} ended as {@code outcome}. */
    void keep(JobId id, JobOutcome outcome, NodeId owner);

    /**
     * How job {@code id} ended, as this node wrote it down (as its owner, or as the node that took it), or
     * null: what an owner answers with once its memory, after a restart, no longer holds it.
     */
    default JobOutcome recall(JobId id) {
        return null;
    }

    OutcomeLedger NONE = (id, outcome, owner) -> {
    };
}
