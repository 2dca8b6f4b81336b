package io.cangrid.overlay.job.message;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.JobProfile;
import io.cangrid.overlay.job.MatchTrace;

/** Matchmaking → the chosen run node: queue this job; heartbeats go to {@code owner}. */
public record JobAssign(JobProfile profile, NodeId owner, MatchTrace trace) implements JobMessage {
}
