package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;

/** New owner → run node: heartbeats for these jobs now go to the sender. */
public record OwnerChanged(JobId[] ids) implements JobMessage {
}
