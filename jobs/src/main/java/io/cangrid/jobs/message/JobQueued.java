package io.cangrid.jobs.message;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobId;

/**
 * Run node → owner: the job is in this node's queue (the sender is the run node); {@code movedFrom} is the
 * run node it came from when one passed it on, else null, and {@code moves} how many passes brought it here.
 */
public record JobQueued(JobId id, NodeId movedFrom, int moves) implements JobMessage {

    public JobQueued(JobId id) {
        this(id, null, 0);
    }
}
