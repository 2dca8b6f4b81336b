package io.cangrid.simulator.metrics;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;

/**
 * What happened to one job in one run, however often its client submitted it. Times are absolute
 * simulated milliseconds; {@link #NEVER} (and {@link #NONE} for counts) marks what did not happen.
 *
 * @param submittedAt when the client first submitted it
 * @param assignedAt first time a run node queued it
 * @param startedAt first time it started running
 * @param finishedAt when the client learned its final state
 * @param hops routing and matchmaking hops to its first run node
 * @param queueAhead jobs queued or running on its first run node when it arrived there
 * @param state the final state the client learned; null when it never learned one (the job is lost)
 * @param runNode the node it first started on; null if it never started
 */
public record JobOutcome(JobId id, JobSpec spec, long submittedAt, long assignedAt, long startedAt, long finishedAt,
        int hops, int queueAhead, boolean pushed, JobState state, int attempts, NodeId runNode) {

    public static final long NEVER = -1;
    public static final int NONE = -1;

    public boolean wasAssigned() {
        return assignedAt != NEVER;
    }

    public boolean wasStarted() {
        return startedAt != NEVER;
    }

    public boolean isLost() {
        return state == null;
    }

    /** Submission to first start; {@link #NEVER} if it never started. */
    public long waitMillis() {
        return wasStarted() ? startedAt - submittedAt : NEVER;
    }

    /** Submission to first assignment: the matchmaking cost; {@link #NEVER} if never assigned. */
    public long matchmakingMillis() {
        return wasAssigned() ? assignedAt - submittedAt : NEVER;
    }
}
