package io.cangrid.jobs;

import io.cangrid.jobs.message.StrayOutcomes;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/**
 * How a job reaches its owner from this node: on a job node, the overlay carries it to the node owning the
 * job's point ({@link OwnerRouting}), which then calls {@link JobAgent#becomeOwner} (or, when {@code adopt}
 * names a run node already holding the job, {@link JobAgent#adoptOwnership}).
 */
@FunctionalInterface
public interface OwnerRoute {

    /** @param adopt null for a new job; otherwise the run node that still holds the job and lost its owner */
    void toOwner(JobProfile job, MatchTrace trace, NodeId adopt);

    /** Whether this node owns {@code point} now; a route that cannot tell says yes, and nothing moves. */
    default boolean holds(Point point) {
        return true;
    }

    /** Carries the outcomes of ended jobs in {@code outcomes}, all with points beside {@code point}, to its owner. */
    default void outcomesToOwner(Point point, StrayOutcomes outcomes) {
    }
}
