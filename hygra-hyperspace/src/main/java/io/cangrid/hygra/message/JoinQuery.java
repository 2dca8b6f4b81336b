package io.cangrid.hygra.message;

/** A joining node asks the one node it knows for that node's state and links. */
public record JoinQuery() implements HygraMessage {
}
