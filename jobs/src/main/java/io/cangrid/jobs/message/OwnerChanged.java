package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;
import io.cangrid.overlay.NodeId;

/**
 * Heartbeats for these jobs now go to {@code owner}. Sent by a job's owner as it hands the job over with
 * the zone holding its point (old owner → run node, naming the new owner), and by the node that adopted a
 * job its run node re-routed after losing its owner (new owner → run node, {@code owner} null: the sender).
 * A run node takes it only from the job's current owner, or, for a job it re-routed, from the adopter.
 */
public record OwnerChanged(JobId[] ids, NodeId owner) implements JobMessage {
    /** The sender is the new owner. */
    public OwnerChanged(JobId[] ids) {
        this(ids, null);
    }
}
