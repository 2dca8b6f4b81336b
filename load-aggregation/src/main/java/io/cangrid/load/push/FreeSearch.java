package io.cangrid.load.push;

import io.cangrid.can.match.Candidate;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.MatchTrace;

/**
 * CAN-PX's nearest-first search for a free capable node: the nodes visited, the frontier of nodes in the
 * job's upper orthant still to visit with their distances from the job's point, and the best busy
 * candidate seen so far.
 */
public record FreeSearch(JobProfile profile, NodeId owner, MatchTrace trace, Candidate best, NodeId[] visited,
        NodeId[] frontier, double[] distances) implements Message {
}
