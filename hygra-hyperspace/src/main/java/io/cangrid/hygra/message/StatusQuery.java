package io.cangrid.hygra.message;

/** Algorithm 1, step 1: asks a linked node for its state and its links' states. */
public record StatusQuery(long round) implements HygraMessage {
}
