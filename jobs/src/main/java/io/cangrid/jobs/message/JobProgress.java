package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;

/**
 * Owner → client, once per heartbeat period: where the client's jobs stand. A client that stops hearing
 * about a job resubmits it.
 */
public record JobProgress(JobId[] ids, JobState[] states) implements JobMessage {
}
