package io.cangrid.jobs.gateway;

import io.cangrid.overlay.Message;

/**
 * Node → client: the jobs it took, newest first; {@code total} is how many it knows of, more than
 * {@code jobs} holds when the list was cut at the requested limit.
 */
public record GridJobList(long ticket, TakenJob[] jobs, int total) implements Message {
}
