package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobId;
import io.cangrid.overlay.job.JobState;

/** To the client: the job's final state, with the reason for FAILED and NO_MATCH (null otherwise). */
public record JobResult(JobId id, JobState state, String reason) implements JobMessage {
}
