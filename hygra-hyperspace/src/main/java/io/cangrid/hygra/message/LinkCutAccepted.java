package io.cangrid.hygra.message;

/** The receiver of a {@link LinkCut} no longer links to its sender. */
public record LinkCutAccepted() implements HygraMessage {
}
