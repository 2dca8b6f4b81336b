package io.cangrid.hygra.protocol;

/** What a request does at a node whose every link it has already visited (Algorithm 3, step 7). */
public enum DeadEndStrategy {
    /** Go back one node on the route that led here and try its other links; fail back at the first node. */
    BACKTRACKING,
    /** Fail at once. */
    STOP
}
