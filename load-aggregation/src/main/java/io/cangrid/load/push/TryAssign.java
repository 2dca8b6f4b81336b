package io.cangrid.load.push;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.MatchTrace;

/**
 * CAN-PX's offer of a job to a node that looked free: the receiver, which alone knows its queue exactly,
 * takes the job if it is still free and otherwise passes it to a free capable neighbour it knows of, at most
 * {@code redirectsLeft} more times, before queueing the job itself. With CAN-PX's refit a node that is free
 * but over-provisioned for the job passes it to a free neighbour that fits it better and names itself the
 * {@code fallback}: should that neighbour turn out busy, the job comes back to the node that stepped aside
 * for it instead of queueing.
 *
 * @param fallback the free node that passed the job on to a better fit, or null
 */
public record TryAssign(JobProfile profile, NodeId owner, MatchTrace trace, int redirectsLeft, NodeId fallback)
        implements Message {
}
