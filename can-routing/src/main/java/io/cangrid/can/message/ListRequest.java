package io.cangrid.can.message;

/**
 * Asks a neighbour for its base neighbour list: its last state carried changes relative to a base the
 * asker does not hold (a new neighbour, or the base's message was lost). The answer is a state with the
 * base and the changes since (see {@link NeighbourState}).
 */
public record ListRequest() implements CanMessage {
}
