package io.cangrid.hygra.protocol;

/** What backtracking does on reaching a node of its route that has moved since the request was there. */
public enum HoleInHistory {
    /** End the request as a failure, as the paper's simulator does. */
    FAIL,
    /**
     * Go on from that node as it is now: it is handled like any node the request stands on (host, forward,
     * or back further). Not in the paper; under ByID a request still visits each node forward at most once,
     * so it still ends.
     */
    CONTINUE
}
