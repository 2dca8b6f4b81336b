package io.cangrid.can.match;

import io.cangrid.can.CanNode;
import io.cangrid.overlay.job.JobAgent;
import io.cangrid.overlay.job.JobProfile;
import io.cangrid.overlay.job.MatchTrace;

/**
 * How CAN-based locators carry a job to its owner: route its profile to the job's point, and on arrival
 * make the receiving node the owner (or the adoptive owner of a job a run node still holds).
 */
public final class OwnerRouting {

    private final CanNode can;
    private final JobAgent agent;

    public OwnerRouting(CanNode can, JobAgent agent) {
        this.can = can;
        this.agent = agent;
    }

    public void send(JobProfile job, MatchTrace trace, io.cangrid.overlay.NodeId adopt) {
        can.route(job.id().point(), new ToOwner(job, trace, adopt));
    }

    public void arrived(ToOwner message, int hops) {
        MatchTrace trace = message.trace().routed(hops);
        if (message.adopt() == null) {
            agent.becomeOwner(message.profile(), trace);
        } else {
            agent.adoptOwnership(message.profile(), message.adopt(), trace);
        }
    }

    public static boolean isOwnerRouting(Object payload) {
        return payload instanceof ToOwner;
    }
}
