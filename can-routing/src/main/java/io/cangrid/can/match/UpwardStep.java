package io.cangrid.can.match;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.MatchTrace;

/**
 * Basic CAN matchmaking moving a job upward (towards more capable zones) because no node around the
 * sender could run it. {@code path} lists the nodes already tried, so the walk never returns to one.
 */
public record UpwardStep(JobProfile profile, NodeId owner, MatchTrace trace, NodeId[] path) implements Message {
}
