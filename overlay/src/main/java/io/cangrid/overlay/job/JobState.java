package io.cangrid.overlay.job;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Where a job is in its life cycle (ALGORITHMS section 6), and which direct moves the life cycle allows.
 * Every job ends in exactly one terminal state: {@link #COMPLETED}, {@link #FAILED} (with the run's error
 * or why it was given up) or {@link #NO_MATCH} (with the requirement no node meets).
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
    NO_MATCH;

    private static final Map<JobState, Set<JobState>> NEXT = new EnumMap<>(JobState.class);

    static {
        // FAILED is reachable from every live state: a run error, a hop limit, a cancellation, or recovery
        // giving up can end a job wherever it is.
        allow(SUBMITTED, ROUTING, FAILED);
        // The first arrival at an owner starts matching. A profile re-routed after the owner's death finds
        // the job still queued or running on its run node, and the new owner takes it up in that state.
        allow(ROUTING, MATCHING, QUEUED, RUNNING, FAILED);
        // Only matching can conclude that no node is capable. If the owner dies mid-match, the job is
        // routed again to whoever owns its point now.
        allow(MATCHING, QUEUED, NO_MATCH, ROUTING, FAILED);
        // A job that starts at once still passes through the queue, so queue metrics see every job.
        // Run node dead or leaving: the owner matches the job again. Owner dead: its profile is re-routed.
        allow(QUEUED, RUNNING, MATCHING, ROUTING, FAILED);
        // Only a run completes a job. Recovery moves are the same as for a queued job.
        allow(RUNNING, COMPLETED, MATCHING, ROUTING, FAILED);
        allow(COMPLETED);
        allow(FAILED);
        allow(NO_MATCH);
    }

    private static void allow(JobState from, JobState... to) {
        Set<JobState> next = EnumSet.noneOf(JobState.class);
        Collections.addAll(next, to);
        NEXT.put(from, Collections.unmodifiableSet(next));
    }

    /** True for the states a job never leaves. */
    public boolean isTerminal() {
        return this == COMPLETED || this == FAILED || this == NO_MATCH;
    }

    /** True when the life cycle allows a direct move from this state to {@code next}; never to itself. */
    public boolean canMoveTo(JobState next) {
        return NEXT.get(this).contains(next);
    }

    /** The states this one may move to directly (empty for terminal states). */
    public Set<JobState> successors() {
        return NEXT.get(this);
    }

    /** True for the states that must be entered with a reason: the client needs to know why. */
    public boolean needsReason() {
        return this == FAILED || this == NO_MATCH;
    }
}
