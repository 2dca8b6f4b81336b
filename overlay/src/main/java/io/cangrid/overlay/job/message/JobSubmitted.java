package io.cangrid.overlay.job.message;

import io.cangrid.overlay.job.JobProfile;

/**
 * Injection node → client: the job was accepted under this profile (its id encodes its point), or refused
 * with a reason when {@code profile} is null.
 */
public record JobSubmitted(long ticket, JobProfile profile, String refusal) implements JobMessage {
}
