package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;

/**
 * Run node → owner, once per heartbeat period: the jobs of this owner that the sender still holds, which
 * of them is running, and how many passes between run nodes brought each here (as in {@code JobQueued}: a
 * heartbeat can overtake the report of a job just passed on). One message per owner, not per job.
 * {@code held} says, for each job, why the machine's owner keeps it from running ("suspended: owner active
 * since 12:03:04"; null for a job not held); the array is null when none is, as on most nodes most of the
 * time. It rides here because status queries go to the job's owner, and the run node alone knows.
 */
public record Heartbeats(JobId[] ids, boolean[] running, int[] moves, String[] held) implements JobMessage {

    public Heartbeats(JobId[] ids, boolean[] running, int[] moves) {
        this(ids, running, moves, null);
    }
}
