package io.cangrid.jobs.message;

import io.cangrid.overlay.Message;

/** The job life cycle's messages (wire ids 400–499, see {@link JobMessages}). */
public sealed interface JobMessage extends Message permits SubmitJob, JobSubmitted, ResubmitJob, JobAssign,
        JobQueued, Heartbeats, HeartbeatAck, OwnerChanged, JobProgress, JobResult, JobDone, JobReturned, JobRefused,
        OwnershipHandoff, OutcomesKept {
}
