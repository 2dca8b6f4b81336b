package io.cangrid.jobs;

/**
 * Where a job is in its life cycle (design.md §6).
 * Every job ends in exactly one terminal state: {@link #COMPLETED}, {@link #FAILED} (with the run's error
 * or why it was given up), {@link #NO_MATCH} (with the requirement no node meets) or {@link #CANCELLED}.
 * The order is part of the wire format (stored results too): new states go at the end.
 */
public enum JobState {

    /** Accepted by the injection node; it holds the job until it sends it towards its point. */
    SUBMITTED,
    /**
     * The job's profile travels to the owner of its point: after submission, or again after the owner
     * died (the run node re-routes the profile; the client's library resubmits when both died).
     */
    ROUTING,
    /** An owner (or a node the job was pushed to) is choosing the run node. */
    MATCHING,
    /** In the run node's FIFO queue. */
    QUEUED,
    /** Executing on the run node. */
    RUNNING,
    COMPLETED,
    FAILED,
    NO_MATCH,
    /** A client cancelled the job: its owner ended it and its run node killed the run. */
    CANCELLED;

    /** True for the states a job never leaves. */
    public boolean isTerminal() {
        return this == COMPLETED || this == FAILED || this == NO_MATCH || this == CANCELLED;
    }
}
