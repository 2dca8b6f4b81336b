package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobState;

/**
 * To the client: the job's final state, with the reason for FAILED and NO_MATCH (null otherwise), what a
 * real job's run left behind (null for a simulated job, and for a job that never ran), and how long it
 * waited from submission to start ({@code waitMillis}, -1 when it never started).
 */
public record JobResult(JobId id, JobState state, String reason, JobOutput output, long waitMillis)
        implements JobMessage {

    public JobResult(JobId id, JobState state, String reason) {
        this(id, state, reason, null, -1);
    }
}
