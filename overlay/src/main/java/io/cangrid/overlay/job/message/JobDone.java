package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobId;
import io.cangrid.overlay.job.JobState;

/**
 * To the owner: the job reached its final state (with the reason for FAILED and NO_MATCH, null otherwise);
 * stop tracking it and keep only the outcome, for status queries.
 */
public record JobDone(JobId id, JobState state, String reason) implements JobMessage {
}
