package io.cangrid.jobs;

import io.cangrid.jobs.message.StrayOutcomes;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.message.ToOwner;

/**
 * How a job reaches its owner on any overlay: the overlay carries its profile to the node owning the job's
 * point, which becomes the owner (or the adoptive owner of a job a run node still holds).
 */
public final class OwnerRouting implements OwnerRoute {

    private final JobOverlay overlay;
    private final JobAgent agent;

    public OwnerRouting(JobOverlay overlay, JobAgent agent) {
        this.overlay = overlay;
        this.agent = agent;
    }

    @Override
    public void toOwner(JobProfile job, MatchTrace trace, NodeId adopt) {
        overlay.routeToOwner(job.id().point(), new ToOwner(job, trace, adopt));
    }

    @Override
    public boolean holds(Point point) {
        return !overlay.isActive() || overlay.holds(point);
    }

    @Override
    public void outcomesToOwner(Point point, StrayOutcomes outcomes) {
        overlay.routeToOwner(point, outcomes);
    }

    public void arrived(ToOwner message, int hops) {
        MatchTrace trace = message.trace().routed(hops);
        if (message.adopt() == null) {
            agent.becomeOwner(message.profile(), trace);
        } else {
            agent.adoptOwnership(message.profile(), message.adopt(), trace);
        }
    }
}
