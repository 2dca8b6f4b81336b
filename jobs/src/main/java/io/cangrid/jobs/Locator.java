package io.cangrid.jobs;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;

/**
 * The seam between the job life cycle and the way a grid finds nodes (design.md §0.1). One
 * instance runs on every node, on that node's thread. The life cycle ({@link JobAgent}) asks it two things
 * and it answers by calling the agent back, on whichever node the answer is reached:
 * <ul>
 * <li>{@link #toOwner}: carry a job's profile from this node to the job's owner, which then calls
 * {@link JobAgent#becomeOwner} (or, when {@code adopt} names a run node already holding the job,
 * {@link JobAgent#adoptOwnership});</li>
 * <li>{@link #match}: on the owner, find the run node; the search ends, on the node where it ends, with
 * {@link JobAgent#dispatch} or {@link JobAgent#noMatch}.</li>
 * </ul>
 */
public interface Locator {

    /**
     * Carries {@code job} to its owner.
     *
     * @param adopt null for a new job; otherwise the run node that still holds the job and lost its owner
     */
    void toOwner(JobProfile job, MatchTrace trace, NodeId adopt);

    /** On the owner: starts matchmaking for {@code job}. */
    void match(JobProfile job, NodeId owner, MatchTrace trace);

    /** A message of this locator's own protocol arrived. */
    void receive(NodeId from, Message message);

    /** Whether {@code message} belongs to this locator's protocol. */
    boolean handles(Message message);
}
