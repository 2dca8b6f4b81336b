package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;

/**
 * How a job ended, as its owner keeps it for a while after: the final state, the reason for FAILED and
 * NO_MATCH (null otherwise), the node it ran on (null for NO_MATCH), when the owner heard of the end, and
 * what a real job's run left behind (null for simulated jobs), and how long the job waited from submission
 * to start (-1: it never started, or the word did not say), and how many run nodes it had (0: not known).
 */
public record JobOutcome(JobState state, String reason, NodeId runNode, long endedAt, JobOutput output,
        long waitMillis, int runs) {

    public JobOutcome(JobState state, String reason, NodeId runNode, long endedAt) {
        this(state, reason, runNode, endedAt, null, -1, 0);
    }

    public JobOutcome(JobState state, String reason, NodeId runNode, long endedAt, JobOutput output,
            long waitMillis) {
        this(state, reason, runNode, endedAt, output, waitMillis, 0);
    }

    /** The same outcome without the run's output (which its client keeps), to travel light. */
    public JobOutcome withoutOutput() {
        return output == null ? this : new JobOutcome(state, reason, runNode, endedAt, null, waitMillis, runs);
    }
}
