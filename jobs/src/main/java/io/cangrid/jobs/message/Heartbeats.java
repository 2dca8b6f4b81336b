package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;

/**
 * Run node → owner, once per heartbeat period: the jobs of this owner that the sender still holds, which
 * of them is running, and how many passes between run nodes brought each here (as in {@code JobQueued}: a
 * heartbeat can overtake the report of a job just passed on). One message per owner, not per job.
 */
public record Heartbeats(JobId[] ids, boolean[] running, int[] moves) implements JobMessage {
}
