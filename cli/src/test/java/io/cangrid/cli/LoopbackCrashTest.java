package io.cangrid.cli;

import static io.cangrid.cli.LoopbackJobs.awaitState;
import static io.cangrid.cli.LoopbackJobs.awaitStatus;
import static io.cangrid.cli.LoopbackJobs.shell;
import static io.cangrid.cli.LoopbackJobs.submitOwnedBy;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.exec.ExecPolicy;
import io.cangrid.overlay.gateway.GridClient;
import io.cangrid.overlay.job.JobConfig;
import io.cangrid.overlay.job.JobEvents;
import io.cangrid.overlay.job.JobId;
import io.cangrid.overlay.job.JobState;
import io.cangrid.overlay.job.message.JobStatusReply;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 16, acceptance 1, the crashes: on four live nodes in this JVM, on 127.0.0.1, a node is crashed
 * (stopped at once, no word to its peers) while a job depends on it, as its run node, its owner or the node
 * it came in through, and the job still completes, its output found through the nodes left.
 *
 * <p>Roles are placed, not hoped for: the job's submission key is chosen so that node {@link #OWNER} owns
 * it, and where a test needs the run node to be a third node, long "blocker" jobs keep the injection node
 * and the owner busy first, so that matchmaking, which prefers a free node, sends the job elsewhere.
 */
class LoopbackCrashTest {

    private static final Logger log = LoggerFactory.getLogger(LoopbackCrashTest.class);

    private static final int NODES = 4;
    private static final int INJECTION = 0;
    private static final int OWNER = 1;
    /** Heartbeats every 500 ms: a silent node is presumed dead after 1.5 s, a client resubmits after 4 s. */
    private static final JobConfig JOBS = JobConfig.withHeartbeat(500);
    private static final Duration START_WAIT = Duration.ofSeconds(15);
    private static final Duration END_WAIT = Duration.ofSeconds(40);
    /** Sleeps no other test starts, so that this JVM's leftover processes can be told apart. */
    private static final String BLOCKER = "sleep 37";
    private static final String WORK = "sleep 3; echo done";
    /**
     * Work that outlasts an owner's recovery by far (silence for 1.5 s, the zone's takeover, the run node's
     * re-routing), so that the new owner is seen to adopt it while it runs.
     */
    private static final String LONG_WORK = "sleep 10; echo done";

    @TempDir
    Path dir;

    private LoopbackGrid grid;
    private long seed;
    private SplittableRandom keys;

    @BeforeEach
    void startGrid() throws Exception {
        seed = System.nanoTime();
        keys = new SplittableRandom(seed);
        log.info("submission keys drawn with seed {}", seed);
        grid = LoopbackGrid.start(NODES, LoopbackGrid.randomSecret(), dir, ExecPolicy.parse("allow:sh"), 200, JOBS,
                JobEvents.NONE, 1);
    }

    @AfterEach
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
        // A crashed node's runs are left going, as a killed node's are: no process outlives the test.
        LoopbackJobs.killLeftovers(List.of(BLOCKER, WORK, LONG_WORK));
    }

    /** Keeps node {@code i} busy with a long job it owns and runs itself, so matchmaking looks past it. */
    private void occupy(int i) throws Exception {
        JobId blocker = submitOwnedBy(grid, i, i, shell("blocker-" + i, BLOCKER), keys, seed);
        try (GridClient client = grid.client(i)) {
            JobStatusReply r = awaitState(client, blocker, JobState.RUNNING, START_WAIT);
            assertThat(grid.indexOf(r.runNode())).as("blocker of node %d runs there (key seed %d)", i, seed)
                    .isEqualTo(i);
        }
    }

    /** Submits {@code script} owned by {@link #OWNER} through {@link #INJECTION}; waits until it runs. */
    private JobStatusReply submitWork(String script, JobId[] id) throws Exception {
        id[0] = submitOwnedBy(grid, INJECTION, OWNER, shell("work", script), keys, seed);
        try (GridClient client = grid.client(INJECTION)) {
            return awaitState(client, id[0], JobState.RUNNING, START_WAIT);
        }
    }

    /** Asserts that the job ended COMPLETED with exit 0 and "done" on its output, on {@code notOn}'s survivors. */
    private static void assertDone(JobStatusReply end, NodeId notOn) {
        assertThat(end.state()).as("%s", end).isEqualTo(JobState.COMPLETED);
        assertThat(end.output()).as("output of %s", end).isNotNull();
        assertThat(end.output().exitCode()).isZero();
        assertThat(end.output().stdout()).isEqualTo("done\n");
        assertThat(end.runNode()).as("the node it ended on").isNotNull().isNotEqualTo(notOn);
    }

    @Test
    void aJobWhoseRunNodeIsCrashedCompletesOnAnotherNode() throws Exception {
        occupy(INJECTION);
        occupy(OWNER);
        JobId[] id = new JobId[1];
        JobStatusReply running = submitWork(WORK, id);
        int run = grid.indexOf(running.runNode());
        assertThat(grid.indexOf(running.owner())).as("owner").isEqualTo(OWNER);
        assertThat(run).as("run node, neither the injection node nor the owner (key seed %d)", seed)
                .isNotIn(-1, INJECTION, OWNER);

        grid.crash(run);

        try (GridClient client = grid.client(INJECTION)) {
            JobStatusReply end = client.await(id[0], END_WAIT);
            assertThat(end).as("the job's end within %s", END_WAIT).isNotNull();
            assertDone(end, running.runNode());
        }
    }

    @Test
    void aJobWhoseOwnerIsCrashedCompletesAndASurvivorSaysSo() throws Exception {
        occupy(INJECTION);
        occupy(OWNER);
        JobId[] id = new JobId[1];
        JobStatusReply running = submitWork(LONG_WORK, id);
        int run = grid.indexOf(running.runNode());
        assertThat(run).as("run node, neither the injection node nor the owner (key seed %d)", seed)
                .isNotIn(-1, INJECTION, OWNER);
        // The node that neither took, owns nor runs the job answers for it at the end (indices add up to 6).
        int bystander = 6 - INJECTION - OWNER - run;

        NodeId crashed = grid.node(OWNER).self();
        grid.crash(OWNER);

        try (GridClient client = grid.client(bystander)) {
            // The run node, hearing no acknowledgement, sends the job to its point, whose new owner adopts it.
            JobStatusReply adopted = awaitStatus("the job adopted by a new owner while it runs", client, id[0],
                    END_WAIT, r -> r.state() != null && r.owner() != null && !r.owner().equals(crashed));
            assertThat(adopted.state()).as("%s", adopted).isEqualTo(JobState.RUNNING);
            assertThat(adopted.runNode()).isEqualTo(running.runNode());
            JobStatusReply end = awaitStatus("the job COMPLETED, as node " + bystander + " tells", client, id[0],
                    END_WAIT, r -> r.state() != null && r.state().isTerminal());
            assertDone(end, crashed);
            assertThat(end.runNode()).as("where it ran all along").isEqualTo(running.runNode());
            assertThat(end.owner()).as("the owner now").isNotEqualTo(crashed);
        }
    }

    @Test
    void aJobWhoseInjectionNodeIsCrashedAfterSubmittingIsFoundThroughAnotherPeer() throws Exception {
        JobId id = submitOwnedBy(grid, INJECTION, OWNER, shell("work", WORK), keys, seed);

        grid.crash(INJECTION);

        try (GridClient client = grid.client(2)) {
            JobStatusReply end = client.await(id, END_WAIT);
            assertThat(end).as("the job's end within %s", END_WAIT).isNotNull();
            assertDone(end, grid.node(INJECTION).self());
        }
    }
}
