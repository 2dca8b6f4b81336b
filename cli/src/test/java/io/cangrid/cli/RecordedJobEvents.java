package io.cangrid.cli;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The starts and submissions every node of a loopback grid reports, to tell how a job was recovered: run
 * again by its owner, run on where it was, or submitted again by its client. Nodes report on their own
 * threads, so the record is a concurrent queue.
 */
final class RecordedJobEvents implements JobEvents {

    /** A job's submission, {@code attempt} 2 on for a client's resubmission. */
    record Submission(JobId job, int attempt) {
    }

    /** A job starting on {@code runNode}. */
    record Start(JobId job, NodeId runNode) {
    }

    private final Queue<Submission> submissions = new ConcurrentLinkedQueue<>();
    private final Queue<Start> starts = new ConcurrentLinkedQueue<>();

    @Override
    public void submitted(JobProfile job, long at) {
        submissions.add(new Submission(job.id(), job.attempt()));
    }

    @Override
    public void started(JobProfile job, NodeId runNode, long at) {
        starts.add(new Start(job.id(), runNode));
    }

    /** The nodes {@code job} started on, in the order they reported it. */
    List<NodeId> startsOf(JobId job) {
        return starts.stream().filter(s -> s.job().equals(job)).map(Start::runNode).toList();
    }

    /** The attempts {@code job} was submitted under: [1] unless its client submitted it again. */
    List<Integer> attemptsOf(JobId job) {
        return submissions.stream().filter(s -> s.job().equals(job)).map(Submission::attempt).toList();
    }
}
