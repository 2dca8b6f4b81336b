package io.cangrid.load.push;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.JobProfile;
import io.cangrid.overlay.job.MatchTrace;

/**
 * CAN-PX's offer of a job to a node that looked free: the receiver, which alone knows its queue exactly,
 * takes the job if it is still free and otherwise passes it to a free capable neighbour it knows of, at most
 * {@code redirectsLeft} more times, before queueing the job itself.
 */
public record TryAssign(JobProfile profile, NodeId owner, MatchTrace trace, int redirectsLeft) implements Message {
}
