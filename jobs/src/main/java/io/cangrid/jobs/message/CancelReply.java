package io.cangrid.jobs.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;

/**
 * The owner's answer to a {@link CancelJob}. {@code cancelled} is true when this request ended the job;
 * otherwise {@code state} is how the job had already ended, or null when the owner has no record of it
 * (or no owner answered), and {@code reason} says which.
 */
public record CancelReply(long ticket, JobId job, boolean cancelled, JobState state, NodeId owner, String reason)
        implements Message {
}
