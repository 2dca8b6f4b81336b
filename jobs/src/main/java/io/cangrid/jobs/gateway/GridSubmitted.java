package io.cangrid.jobs.gateway;

import io.cangrid.overlay.Message;
import io.cangrid.jobs.JobId;

/** Node → client: the job's id (its owner holds it), or, when {@code job} is null, why it was refused. */
public record GridSubmitted(long ticket, JobId job, String refusal) implements Message {
}
