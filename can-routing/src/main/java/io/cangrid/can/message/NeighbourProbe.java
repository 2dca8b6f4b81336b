package io.cangrid.can.message;

/**
 * Routed to a point just across one of the sender's faces where none of its known neighbours lies: the
 * owner of that point treats the enclosed state as first-hand news and answers with its own, so two
 * neighbours that nobody introduced still find each other.
 */
public record NeighbourProbe(NeighbourState asker) implements CanMessage {
}
