package io.cangrid.jobs.message;

import io.cangrid.jobs.JobSpec;

/**
 * Client → any node: run this job. The node answers with {@link JobSubmitted} carrying the client's ticket.
 *
 * @param key the client's name for this submission, the same on every retry: the job's id is derived from
 *     it, so a submission sent again through another node (its receipt lost) names the same job, and the
 *     job's owner takes it only once
 */
public record SubmitJob(long ticket, JobSpec spec, long key) implements JobMessage {
}
