package io.cangrid.hygra.message;

/** The receiver of a {@link LinkCut} is at degmin: the link stays. */
public record LinkCutRefused() implements HygraMessage {
}
