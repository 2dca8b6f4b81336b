package io.cangrid.jobs.message;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.MatchTrace;

/**
 * Matchmaking → the chosen run node: queue this job; heartbeats go to {@code owner}. {@code movedFrom} names
 * the run node that held the job waiting and passed it on to one that became free (null otherwise), and
 * {@code moves} counts such passes since matchmaking placed the job, so that the owner can order the
 * reports of a job moved twice in quick succession.
 */
public record JobAssign(JobProfile profile, NodeId owner, MatchTrace trace, NodeId movedFrom, int moves)
        implements JobMessage {

    public JobAssign(JobProfile profile, NodeId owner, MatchTrace trace) {
        this(profile, owner, trace, null, 0);
    }
}
