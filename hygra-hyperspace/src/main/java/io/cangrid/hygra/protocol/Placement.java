package io.cangrid.hygra.protocol;

/** What a node that can host a request does with it. */
public enum Placement {
    /** Allocate here, as the paper's Algorithm 3 does. */
    FIRST_FIT,
    /**
     * Forward to a linked, unvisited node the heuristic prefers and that can host the request too, and
     * allocate only where no linked node is better. Climbs toward the node the heuristic would pick with
     * global knowledge, for a few more hops. Not in the paper.
     */
    CLIMB
}
