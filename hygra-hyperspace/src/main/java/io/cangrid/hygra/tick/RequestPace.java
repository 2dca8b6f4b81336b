package io.cangrid.hygra.tick;

/** How far a travelling request gets in the request phase of one tick. */
public enum RequestPace {
    /** One move per tick: a search spans as many ticks as it makes moves, while the grid changes under it. */
    ONE_MOVE,
    /**
     * Moves until the search ends, all travelling requests interleaved one move at a time. Searches of one
     * tick still compete for hosts, but none outlives its tick.
     */
    UNTIL_SETTLED
}
