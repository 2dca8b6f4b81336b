package io.cangrid.jobs;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;

/**
 * One decision a node took about a job, kept so that {@code cangrid explain} can tell why a job waits or
 * where it went: the node that took it, when by that node's clock, what kind of step it was (the constants
 * below), what was weighed and decided, the node the job went to next, if any, and the node it came from,
 * where that is news to the reader (the job's client, on its arrival at the owner).
 */
public record ExplainStep(NodeId node, long at, String kind, String detail, NodeId next, NodeId from)
        implements Message {

    /** The job came in from a client and is routed to its owner. */
    public static final String SUBMITTED = "submitted";
    /** A routing hop toward the owner of the job's point, or its arrival there. */
    public static final String ROUTE = "route";
    /** The owner of the job's point took the job, or an owner adopted it from its run node. */
    public static final String OWNER = "owner";
    /** Matchmaking weighed the capable nodes around, with the load each published. */
    public static final String CANDIDATES = "candidates";
    /** Matchmaking pushed the job toward a less loaded region, or stopped pushing. */
    public static final String PUSH = "push";
    /** Matchmaking moved the job on without pushing (upward walk, free search, offer to a free node). */
    public static final String SEARCH = "search";
    /** The job was sent to the run node chosen. */
    public static final String DISPATCHED = "dispatched";
    /** No node meets the job's requirements. */
    public static final String NO_MATCH = "no-match";
    /** The owner matches the job again: its run node went silent, refused it or left. */
    public static final String REMATCH = "re-match";
    /** On the run node: queued, started, refused, moved on, ended or dropped. */
    public static final String PLACEMENT = "placement";
    /** The owner learned how the job ended. */
    public static final String ENDED = "ended";
}
