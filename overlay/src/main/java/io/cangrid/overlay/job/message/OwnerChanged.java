package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobId;

/** New owner → run node: heartbeats for these jobs now go to the sender. */
public record OwnerChanged(JobId[] ids) implements JobMessage {
}
