package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobState;

/**
 * To the owner: the job reached its final state (with the reason for FAILED and NO_MATCH, null otherwise);
 * stop tracking it and keep only the outcome, for status queries. {@code output} is what a real job's run
 * left behind, kept with the outcome so that any node can fetch the result; null for simulated jobs.
 * {@code waitMillis} is how long the job waited from submission to start, -1 when it never started.
 */
public record JobDone(JobId id, JobState state, String reason, JobOutput output, long waitMillis)
        implements JobMessage {

    public JobDone(JobId id, JobState state, String reason) {
        this(id, state, reason, null, -1);
    }
}
