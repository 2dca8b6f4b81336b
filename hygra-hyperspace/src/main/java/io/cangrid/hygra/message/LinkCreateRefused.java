package io.cangrid.hygra.message;

/** The receiver of a {@link LinkCreate} is at degmax and stays unlinked. */
public record LinkCreateRefused() implements HygraMessage {
}
