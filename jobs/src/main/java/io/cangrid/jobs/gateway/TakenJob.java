package io.cangrid.jobs.gateway;

import io.cangrid.overlay.Message;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;

/**
 * A job a node took from a client, as the node lists it: its name (null when it has none), when it was
 * submitted (epoch milliseconds), the state last heard of, and the run's exit code once it ended (null for
 * a job that ran no command or did not run). Kept on disk in the job store and sent to clients as is.
 */
public record TakenJob(JobId job, String name, long submittedAt, JobState state, Integer exitCode)
        implements Message {

    TakenJob withState(JobState newState, Integer newExitCode) {
        return new TakenJob(job, name, submittedAt, newState, newExitCode);
    }
}
