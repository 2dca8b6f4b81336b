package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobId;

/** To the owner: the job reached its final state; forget it. */
public record JobDone(JobId id) implements JobMessage {
}
