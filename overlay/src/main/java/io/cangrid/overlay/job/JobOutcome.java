package io.cangrid.overlay.job;

import io.cangrid.overlay.NodeId;

/**
 * How a job ended, as its owner keeps it for a while after: the final state, the reason for FAILED and
 * NO_MATCH (null otherwise), the node it ran on (null for NO_MATCH) and when the owner heard of the end.
 */
public record JobOutcome(JobState state, String reason, NodeId runNode, long endedAt) {
}
