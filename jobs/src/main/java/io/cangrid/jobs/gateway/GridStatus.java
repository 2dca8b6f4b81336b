package io.cangrid.jobs.gateway;

import io.cangrid.overlay.ClientRequest;
import io.cangrid.jobs.JobId;

/**
 * Client → any node: how is this job, and what did it leave behind? The node asks the job's owner (the
 * id encodes its point) and answers with a {@code JobStatusReply}, from its own stored results when the
 * owner has no record.
 */
public record GridStatus(long ticket, JobId job) implements ClientRequest {
}
