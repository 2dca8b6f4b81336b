package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;

/**
 * What the job life cycle reports as it happens: the seam through which a simulation measures wait time,
 * matchmaking cost and utilisation, and a live node logs. Called on the thread of the node where the event
 * happened; implementations must not call back into the grid.
 */
public interface JobEvents {

    /** The client submitted (or, with attempt > 1, resubmitted) a job. */
    default void submitted(JobProfile job, long at) {
    }

    /** A run node took the job into its queue; {@code queueAhead} jobs were queued or running there. */
    default void assigned(JobProfile job, NodeId runNode, MatchTrace trace, int queueAhead, long at) {
    }

    /** The job started running on {@code runNode}. */
    default void started(JobProfile job, NodeId runNode, long at) {
    }

    /** The job stopped occupying {@code runNode} (finished, or given back when the node left). */
    default void runEnded(JobProfile job, NodeId runNode, long at) {
    }

    /** The owner lost its run node (missed heartbeats) and matches the job again. */
    default void rematched(JobProfile job, NodeId owner, long at) {
    }

    /**
     * The run of {@code job} on {@code runNode} was vacated: its machine's owner came back for longer than the
     * maximum suspension, and the job goes back to its owner to be matched elsewhere.
     */
    default void vacated(JobProfile job, NodeId runNode, long at) {
    }

    /** The client learned the job's final state: COMPLETED, FAILED or NO_MATCH (with a reason). */
    default void finished(JobProfile job, JobState state, String reason, long at) {
    }

    JobEvents NONE = new JobEvents() {
    };
}
