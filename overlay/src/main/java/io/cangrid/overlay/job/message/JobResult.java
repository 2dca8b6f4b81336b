package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobId;
import io.cangrid.overlay.job.JobOutput;
import io.cangrid.overlay.job.JobState;

/**
 * To the client: the job's final state, with the reason for FAILED and NO_MATCH (null otherwise), and what a
 * real job's run left behind (null for a simulated job, and for a job that never ran).
 */
public record JobResult(JobId id, JobState state, String reason, JobOutput output) implements JobMessage {

    public JobResult(JobId id, JobState state, String reason) {
        this(id, state, reason, null);
    }
}
