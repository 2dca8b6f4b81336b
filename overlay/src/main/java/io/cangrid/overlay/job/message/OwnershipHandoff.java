package io.cangrid.overlay.job.message;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.JobId;
import io.cangrid.overlay.job.JobOutcome;
import io.cangrid.overlay.job.JobProfile;
import io.cangrid.overlay.job.MatchTrace;

/**
 * A node giving away the zone that holds these jobs' points (to a joiner, or on leaving) → the node
 * receiving it, which becomes their owner. {@code runNodes[i]} is null for a job still being matched. The
 * outcomes the giver kept of ended jobs whose points lie there go along, so status queries still find them.
 */
public record OwnershipHandoff(JobProfile[] profiles, NodeId[] runNodes, MatchTrace[] traces, JobId[] endedIds,
        JobOutcome[] endedOutcomes) implements JobMessage {
}
