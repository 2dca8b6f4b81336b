package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobSpec;

/** Client → any node: run this job. The node answers with {@link JobSubmitted} carrying the client's ticket. */
public record SubmitJob(long ticket, JobSpec spec) implements JobMessage {
}
