package io.cangrid.jobs.gateway;

import io.cangrid.overlay.ClientRequest;

/** Client → a node: the jobs that came in through you, newest first, at most {@code limit} of them. */
public record GridJobs(long ticket, int limit) implements ClientRequest {
}
