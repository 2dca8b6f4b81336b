package io.cangrid.jobs.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobId;

/**
 * Anyone → any node: how is this job? The node carries the query to the owner of the job's point (the id
 * encodes it), which answers {@code asker} directly with a {@link JobStatusReply} carrying {@code ticket}.
 */
public record StatusQuery(long ticket, JobId job, NodeId asker) implements Message {
}
