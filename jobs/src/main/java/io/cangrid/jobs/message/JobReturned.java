package io.cangrid.jobs.message;

import io.cangrid.jobs.JobProfile;

/** Leaving run node → owner: this node will not run the job; match it again. */
public record JobReturned(JobProfile profile) implements JobMessage {
}
