package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;
import io.cangrid.overlay.NodeId;

/**
 * Owner → client, once per heartbeat period: where the client's jobs stand, and the run node each is on
 * ({@code runNodes[i]} null while it is being matched): the client takes a job's result from that node.
 * A client that stops hearing about a job looks it up and, on proof that it is gone, resubmits it.
 */
public record JobProgress(JobId[] ids, JobState[] states, NodeId[] runNodes) implements JobMessage {
    /** Progress naming no run node. */
    public JobProgress(JobId[] ids, JobState[] states) {
        this(ids, states, new NodeId[ids.length]);
    }
}
