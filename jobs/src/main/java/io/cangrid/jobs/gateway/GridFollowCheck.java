package io.cangrid.jobs.gateway;

import io.cangrid.jobs.JobId;
import io.cangrid.overlay.Message;

/**
 * Node → the node that took a job: how does the job stand by your record? Asked by a neighbour that follows
 * the job on that node's behalf ({@link GridFollow}) before it would submit the job again, because no owner
 * it can reach has a record of it. The answer is a {@link io.cangrid.jobs.message.JobStatusReply} carrying
 * {@code ticket} and naming no owner: the job's final state and result if the node kept them, an
 * unfinished state if it still follows the job, no state if it no longer tracks it.
 */
public record GridFollowCheck(long ticket, JobId job) implements Message {
}
