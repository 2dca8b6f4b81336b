package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;

/**
 * Run node → owner: this node will not run the job (its execution policy forbids the job's command), so
 * the owner matches it again; after a bounded number of refusals the job ends FAILED with the reason.
 */
public record JobRefused(JobId id, String reason) implements JobMessage {
}
