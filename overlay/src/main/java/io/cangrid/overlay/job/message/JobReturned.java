package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobProfile;

/** Leaving run node → owner: this node will not run the job; match it again. */
public record JobReturned(JobProfile profile) implements JobMessage {
}
