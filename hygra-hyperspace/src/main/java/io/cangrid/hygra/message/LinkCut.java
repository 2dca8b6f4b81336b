package io.cangrid.hygra.message;

/** Link cut notification; the receiver refuses when the cut would leave it below degmin. */
public record LinkCut() implements HygraMessage {
}
