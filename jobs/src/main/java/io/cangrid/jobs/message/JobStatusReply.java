package io.cangrid.jobs.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobState;

/**
 * The owner's answer to a {@link StatusQuery}: the job's state as the owner knows it (MATCHING, QUEUED,
 * RUNNING, or a final state kept for a while after the end), its run node, and the reason of a FAILED or
 * NO_MATCH end. {@code state} is null when the owner has no record of the job: never submitted, or ended
 * longer ago than owners keep outcomes. {@code output} is what a real job's run left behind, once it ended;
 * {@code waitMillis} how long an ended job waited from its submission to its start, as its run node measured
 * it against the submission time the job carries (-1: it never started, or not known); {@code runs} how many
 * run nodes the job has had, those that lost it included (0: not known); {@code held}, for a QUEUED or
 * RUNNING job, why its run node's owner keeps it from running ("suspended: owner active since 12:03:04"),
 * as of the run node's last heartbeat, at most {@link #MAX_HELD_CHARS} characters (null: not held).
 */
public record JobStatusReply(long ticket, JobId job, JobState state, NodeId owner, NodeId runNode, String reason,
        JobOutput output, long waitMillis, int runs, String held) implements Message {

    /** Another node's words, shown to people: a line, not a page. */
    public static final int MAX_HELD_CHARS = 200;

    public JobStatusReply {
        if (held != null && held.length() > MAX_HELD_CHARS) {
            held = held.substring(0, MAX_HELD_CHARS - 3) + "...";
        }
    }

    public JobStatusReply(long ticket, JobId job, JobState state, NodeId owner, NodeId runNode, String reason) {
        this(ticket, job, state, owner, runNode, reason, null, -1, 0, null);
    }

    public JobStatusReply(long ticket, JobId job, JobState state, NodeId owner, NodeId runNode, String reason,
            JobOutput output, long waitMillis) {
        this(ticket, job, state, owner, runNode, reason, output, waitMillis, 0, null);
    }

    public JobStatusReply(long ticket, JobId job, JobState state, NodeId owner, NodeId runNode, String reason,
            JobOutput output, long waitMillis, int runs) {
        this(ticket, job, state, owner, runNode, reason, output, waitMillis, runs, null);
    }
}
