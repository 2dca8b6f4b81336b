package io.cangrid.can.match;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.MatchTrace;

/**
 * The completeness search of basic CAN matchmaking: a depth-first visit of the zones that intersect the
 * job's upper orthant (where every capable node's point lies), carrying the nodes visited, the nodes
 * still to visit, the largest capability seen per real dimension and the capable nodes seen that run no
 * commands, the nodes seen that the job wants but whose owners' {@code Start} refuses it, and which
 * conjuncts of the job's requirements some node seen satisfies (bit i for conjunct i; all for the NO_MATCH
 * reason, which must name the cause a user can act on), which round of the search this is (a search that
 * finds nothing while tables may be under repair runs twice), and, for a job that goes on past busy capable
 * nodes, the one with the shortest queue seen ({@code queueAt}, null before any) and the nodes visited since
 * the first was seen.
 */
public record OrthantSearch(JobProfile profile, NodeId owner, MatchTrace trace, NodeId[] visited, NodeId[] toVisit,
        double[] largestSeen, NodeId[] capableWithoutCommands, NodeId[] refusing, long conjunctsMet, int round,
        NodeId queueAt, int queueLength, int visitsPastBusy) implements Message {

    /** The same search, carried on with {@code newTrace}. */
    OrthantSearch withTrace(MatchTrace newTrace) {
        return new OrthantSearch(profile, owner, newTrace, visited, toVisit, largestSeen, capableWithoutCommands,
                refusing, conjunctsMet, round, queueAt, queueLength, visitsPastBusy);
    }
}
