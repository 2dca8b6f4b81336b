package io.cangrid.jobs;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;

/**
 * The seam between the job life cycle and the way a grid finds nodes (design.md §0.1). One
 * instance runs on every node, on that node's thread. On a job's owner the life cycle ({@link JobAgent})
 * asks it to {@link #match} the job; the search ends, on the node where it ends, with
 * {@link JobAgent#dispatch} or {@link JobAgent#noMatch}. How a job reaches its owner is the overlay's
 * business, not the locator's ({@link OwnerRoute}).
 */
public interface Locator {

    /**
     * Whether the node that takes a new job from its client owns it at once, without routing it to the owner
     * of its point: the oracles, which decide with the whole grid in view wherever they are asked.
     */
    default boolean ownsJobsItTakes() {
        return false;
    }

    /** On the owner: starts matchmaking for {@code job}. */
    void match(JobProfile job, NodeId owner, MatchTrace trace);

    /** A message of this locator's own protocol arrived. */
    void receive(NodeId from, Message message);

    /** Whether {@code message} belongs to this locator's protocol. */
    boolean handles(Message message);
}
