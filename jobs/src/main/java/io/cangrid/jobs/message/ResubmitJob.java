package io.cangrid.jobs.message;

import io.cangrid.jobs.JobProfile;

/** Client → any node: the client lost track of this job (no progress for too long); route it again. */
public record ResubmitJob(JobProfile profile) implements JobMessage {
}
