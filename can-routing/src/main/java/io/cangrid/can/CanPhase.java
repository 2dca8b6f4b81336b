package io.cangrid.can;

/** Where a node is in its life on the overlay. */
public enum CanPhase {
    /** Created, not yet started. */
    IDLE,
    /** Asked for a zone, waiting for the owner's answer. */
    JOINING,
    /** Holds zones, routes, answers joins. */
    ACTIVE,
    /** Handed its zones over; gone from the overlay. */
    LEFT
}
