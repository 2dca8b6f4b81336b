package io.cangrid.jobs.gateway;

import io.cangrid.jobs.JobId;
import io.cangrid.overlay.Message;

/**
 * Node → client: for each job of a {@link GridSubmitBatch}, in order, its id (its owner holds it), or null
 * and why it was refused; or, when {@code error} is set, why the whole batch was refused.
 */
public record GridSubmittedBatch(long ticket, JobId[] jobs, String[] refusals, String error) implements Message {
}
