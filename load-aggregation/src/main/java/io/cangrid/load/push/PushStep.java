package io.cangrid.load.push;

import io.cangrid.can.match.Candidate;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.MatchTrace;

/**
 * A job moving between CAN-P nodes: pushed toward an underloaded region, or walking upward because no
 * capable node has been seen yet. It carries the best candidate seen on its path (null before the first),
 * the number of pushes so far, the nodes walked upward (so the walk never returns to one), and whether
 * the nearest-first search has been made.
 */
public record PushStep(JobProfile profile, NodeId owner, MatchTrace trace, Candidate best, int pushes,
        NodeId[] walked, boolean searched) implements Message {
}
