package io.cangrid.hygra.message;

/** Why a request ended without a host. */
public enum FindFailure {
    /** Backtracking came back to the first node with nothing left to try. */
    NOT_FOUND,
    /** Stop strategy: every link of the current node was visited. */
    DEAD_END,
    /** On the way back, a node of the route had moved, so the route no longer means what it did. */
    HOLE_IN_HISTORY,
    /** The request made as many moves as the hop limit allows. */
    HOP_LIMIT
}
