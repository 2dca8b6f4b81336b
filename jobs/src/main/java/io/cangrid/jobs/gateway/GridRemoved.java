package io.cangrid.jobs.gateway;

import io.cangrid.overlay.Message;

/** Node → client: whether a stored result was deleted. */
public record GridRemoved(long ticket, boolean removed) implements Message {
}
