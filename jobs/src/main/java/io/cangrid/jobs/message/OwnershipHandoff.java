package io.cangrid.jobs.message;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutcome;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.MatchTrace;

/**
 * A node giving away the zone that holds these jobs' points (to a joiner, or on leaving) → the node
 * receiving it, which becomes their owner. {@code runNodes[i]} is null for a job still being matched. The
 * outcomes the giver kept of ended jobs whose points lie there go along, so status queries still find them.
 */
public record OwnershipHandoff(JobProfile[] profiles, NodeId[] runNodes, MatchTrace[] traces, JobId[] endedIds,
        JobOutcome[] endedOutcomes) implements JobMessage {
}
