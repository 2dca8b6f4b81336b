package io.cangrid.jobs.gateway;

import io.cangrid.overlay.Message;
import io.cangrid.jobs.message.JobStatusReply;

/**
 * A job's client node → the job's owner, which has no record of the job: how it ended. The run node's
 * word to the owner is lost when the owner dies at that moment, and the node taking its place never hears
 * it; the client heard it, and passes it on so that any node asked about the job can still answer.
 */
public record GridOutcome(JobStatusReply result) implements Message {
}
