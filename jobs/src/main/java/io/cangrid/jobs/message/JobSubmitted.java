package io.cangrid.jobs.message;

import io.cangrid.jobs.JobProfile;

/**
 * Injection node → client: the job was accepted under this profile (its id encodes its point), or refused
 * with a reason when {@code profile} is null.
 */
public record JobSubmitted(long ticket, JobProfile profile, String refusal) implements JobMessage {
}
