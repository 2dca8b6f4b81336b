package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;

/**
 * How a job reaches its owner from this node: on a job node, the overlay carries it to the node owning the
 * job's point ({@link OwnerRouting}), which then calls {@link JobAgent#becomeOwner} (or, when {@code adopt}
 * names a run node already holding the job, {@link JobAgent#adoptOwnership}).
 */
@FunctionalInterface
public interface OwnerRoute {

    /** @param adopt null for a new job; otherwise the run node that still holds the job and lost its owner */
    void toOwner(JobProfile job, MatchTrace trace, NodeId adopt);
}
