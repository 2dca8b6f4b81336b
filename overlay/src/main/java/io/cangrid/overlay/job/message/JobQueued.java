package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobId;

/** Run node → owner: the job is in this node's queue (the sender is the run node). */
public record JobQueued(JobId id) implements JobMessage {
}
