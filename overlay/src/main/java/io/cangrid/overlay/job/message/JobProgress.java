package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobId;
import io.cangrid.overlay.job.JobState;

/**
 * Owner → client, once per heartbeat period: where the client's jobs stand. A client that stops hearing
 * about a job resubmits it.
 */
public record JobProgress(JobId[] ids, JobState[] states) implements JobMessage {
}
