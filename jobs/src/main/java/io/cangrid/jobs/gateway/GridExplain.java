package io.cangrid.jobs.gateway;

import io.cangrid.overlay.ClientRequest;
import io.cangrid.jobs.JobId;

/**
 * Client → a node: the steps you took about this job. The node answers from its own trail only, with a
 * {@link GridExplained}; the client follows the trail from node to node ({@code cangrid explain}).
 */
public record GridExplain(long ticket, JobId job) implements ClientRequest {
}
