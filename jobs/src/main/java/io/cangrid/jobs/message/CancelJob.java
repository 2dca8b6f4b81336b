package io.cangrid.jobs.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobId;

/**
 * Anyone → any node: end this job now. Like a {@link StatusQuery} it is carried to the owner of the job's
 * point, which ends the job CANCELLED, has its run node kill the run, and answers {@code asker} directly
 * with a {@link CancelReply} carrying {@code ticket}.
 */
public record CancelJob(long ticket, JobId job, NodeId asker) implements Message {
}
