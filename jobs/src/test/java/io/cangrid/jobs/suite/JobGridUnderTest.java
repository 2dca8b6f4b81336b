package io.cangrid.jobs.suite;

import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import java.util.List;
import java.util.Optional;

/**
 * A grid of job nodes on one runtime, as {@link JobLifecycleSuite} drives it. Nodes are known by their index,
 * 0 to {@code nodes - 1}, which a restarted node keeps. Every wait is bounded: a runtime with virtual time
 * lets it pass up to a limit, a live one waits up to a limit of wall-clock time, and a wait that runs out
 * fails the test saying what it waited for.
 *
 * <p>Each runtime implements this once, its own way; the suite only states what a user of the grid sees.
 */
public interface JobGridUnderTest extends AutoCloseable {

    /** Where the job stood when the grid was asked: the node it came in through, its owner, its run node. */
    record Roles(int injection, int owner, int runNode) {
    }

    /**
     * How a job ended as its client sees it: its final state, the node it ran on last (-1 when it never ran)
     * and what it printed (null where jobs run simulated and print nothing).
     */
    record Outcome(JobState state, int runNode, String output) {
    }

    /** The answer to a cancellation: whether it cancelled the job, and the job's state after it. */
    record Cancelled(boolean cancelled, JobState state) {
    }

    /**
     * The runtime and the seeds of this run, as a failing test reports them, so that the run can be repeated
     * (e.g. {@code "simulation, seed 7 (-Dcangrid.jobs.seed=7)"}).
     */
    String describe();

    /** Starts {@code nodes} nodes and returns once every one of them takes jobs. */
    void start(int nodes) throws Exception;

    /**
     * A job that runs for about {@code heartbeats} of the runtime's heartbeat periods (so that the length of
     * a job compares with the runtime's failure detection) and then completes.
     */
    JobSpec job(String name, int heartbeats);

    /** What the job {@link #job} made under {@code name} prints, or null where jobs print nothing. */
    String expectedOutput(String name);

    /** Submits {@code spec} through node {@code through}; the grid picks its owner and run node. */
    JobId submit(int through, JobSpec spec) throws Exception;

    /**
     * Submits {@code spec} through node {@code through} so that node {@code owner} owns it and it runs on a
     * third node, neither of the two, with a fourth node left free to take it over. The runtime arranges
     * this its own way (a chosen placement, a chosen submission key, requirements only other nodes meet,
     * other jobs keeping the two busy); {@link #awaitRunning} reports the roles as they are.
     */
    JobId submitPlaced(int through, int owner, JobSpec spec) throws Exception;

    /**
     * Waits until the job runs somewhere and a live node owns it (the grid can answer for it); returns its roles
     * then.
     */
    Roles awaitRunning(JobId job) throws Exception;

    /** Crashes node {@code node}: it stops at once, without a word to its peers. */
    void crash(int node) throws Exception;

    /** Starts crashed node {@code node} again (a new identity, joining the grid) and returns once it takes jobs. */
    void restart(int node) throws Exception;

    /** Asks node {@code through} to cancel the job, and returns the answer. */
    Cancelled cancel(JobId job, int through) throws Exception;

    /**
     * Waits until the job's client sees the job ended; returns how. A runtime whose clients ask through a
     * node asks through node {@code through}; one whose client is a node of its own asks that client.
     */
    Outcome awaitEnd(JobId job, int through) throws Exception;

    /**
     * Lets the grid go on for a while (several heartbeats) after the jobs of a test ended, so that a job
     * that would end a second time, or run again, does so before the test looks.
     */
    void settle() throws Exception;

    /**
     * Every final state the job's client has recorded for it so far, in order: one, once it ended. A client
     * that keeps only the latest reports each change it was seen to make.
     */
    List<JobState> endings(JobId job) throws Exception;

    /** The nodes the job started to run on, in order. */
    List<Integer> starts(JobId job) throws Exception;

    /** The attempts the job was submitted to the grid under, in order: [1] unless its client submitted it again. */
    List<Integer> attempts(JobId job) throws Exception;

    /** Whether any node runs the job now. */
    boolean isRunning(JobId job) throws Exception;

    /** Why this runtime cannot lose messages on purpose, or empty when it can. */
    Optional<String> messageLossUnsupported();

    /** From now on the network loses every message with probability {@code probability}. */
    void loseMessages(double probability) throws Exception;

    /** How many messages the network has lost so far. */
    long messagesLost() throws Exception;

    /** Stops every node and whatever the runtime started; called after every test, pass or fail. */
    @Override
    void close();
}
