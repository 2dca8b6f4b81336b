package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobId;

/**
 * Run node → owner, once per heartbeat period: the jobs of this owner that the sender still holds, and
 * which of them is running. One message per owner, not per job.
 */
public record Heartbeats(JobId[] ids, boolean[] running) implements JobMessage {
}
