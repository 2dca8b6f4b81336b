package io.cangrid.jobs.gateway;

import io.cangrid.overlay.Message;
import io.cangrid.jobs.JobProfile;

/**
 * Node → a neighbour: follow this job too. A node that took a job and turned out to own it as well sends
 * this, so that the job does not live on one machine only: were that node to die with the job, the
 * neighbour finds no owner's record of it and submits it again.
 */
public record GridFollow(JobProfile profile) implements Message {
}
