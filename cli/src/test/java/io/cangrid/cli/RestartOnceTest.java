package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.gateway.GridSubmit;
import io.cangrid.jobs.gateway.GridSubmitted;
import io.cangrid.jobs.gateway.JobGateway;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobFollower;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.client.GridClient;
import io.cangrid.live.LiveClient;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A job ends once, across an ordinary restart: jobs are submitted through node B, B is killed while they
 * run, they all end COMPLETED (those B was running too run again elsewhere, as jobs of a dead run node
 * do), and B is started again on the same work directory, rejoins and takes a zone
 * holding some of their points. B follows the jobs it had taken again; none may run a second time, and every
 * status stays COMPLETED, at B and elsewhere. Twenty repetitions, each with its own seed for the jobs' keys
 * (the joins draw their own points).
 */
class RestartOnceTest {

    private static final ResourceSchema SCHEMA = ResourceSchema.desktopSchema();
    private static final long HEARTBEAT = 250;
    private static final int JOBS = 24;
    private static final int B = 1;
    private static final double JOB_SECONDS = 0.5;

    @TempDir
    Path dir;

    private LoopbackGrid grid;
    /**
     * Jobs whose points the restarted node took, over all repetitions: the case under test. A join draws its
     * own point, so one repetition may take no such zone; the twenty together must take many.
     */
    private static final java.util.concurrent.atomic.AtomicLong HELD = new java.util.concurrent.atomic.AtomicLong();

    @org.junit.jupiter.api.AfterAll
    static void theCaseWasExercised() {
        assertThat(HELD.get()).as("jobs, over all repetitions, whose points the restarted node held")
                .isGreaterThanOrEqualTo(20);
    }

    @AfterEach
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void completedJobsDoNotRunAgainWhenTheirInjectionNodeRestarts(long seed) throws Exception {
        JobLog events = new JobLog();
        JobConfig jobs = JobConfig.withHeartbeat(HEARTBEAT);
        grid = LoopbackGrid.start(3, LoopbackGrid.randomSecret(), dir, ExecPolicy.none(), 100, jobs, events, 1);
        SplittableRandom keys = new SplittableRandom(seed);
        List<JobId> ids = new ArrayList<>();
        JobSpec spec = JobSpec.of(Requirements.none(SCHEMA.realDimensions()), JOB_SECONDS);
        NodeId door = grid.node(B).self();
        try (LiveClient client = new LiveClient(grid.net())) {
            for (int i = 0; i < JOBS; i++) {
                Message m = client.ask(door.host(), door.port(), new GridSubmit(keys.nextLong(), spec, keys.nextLong()),
                        Duration.ofSeconds(15));
                assertThat(m).as("seed %d: submission %d", seed, i).isInstanceOf(GridSubmitted.class);
                ids.add(((GridSubmitted) m).job());
            }
        }
        grid.crash(B);
        // The slowest recovery there is: a job B took, owned and ran is submitted again by the neighbour that
        // follows it too, once the owner taking B's zone has had no record of it for a client timeout and B
        // has not answered for the backup's patience; each lookup may wait out its timeout. Then the jobs
        // resubmitted together queue on the two nodes left.
        Duration endWait = Duration.ofMillis((JobFollower.BACKUP_PATIENCE_TIMEOUTS + 3) * jobs.clientTimeoutMillis()
                + 4 * JobFollower.ASK_TIMEOUT_MILLIS + (long) (JOBS * JOB_SECONDS * 1000));
        try (GridClient a = grid.client(0)) {
            for (JobId id : ids) {
                JobStatusReply end = a.await(id, endWait);
                assertThat(end).as("seed %d: %s ended", seed, id).isNotNull();
                assertThat(end.state()).as("seed %d: %s", seed, end).isEqualTo(JobState.COMPLETED);
            }
        }

        // A job running on B when B died ran again elsewhere, rightly; what counts is what happens from here.
        java.util.Map<JobId, Integer> startsBefore = new java.util.HashMap<>();
        ids.forEach(id -> startsBefore.put(id, events.nodes(JobLog.Kind.STARTED, id).size()));
        java.util.Map<JobId, List<Integer>> submittedBefore = new java.util.HashMap<>();
        ids.forEach(id -> submittedBefore.put(id, events.attempts(id)));
        grid.restart(B, 0);
        long held = ids.stream().filter(id -> ownedBy(B, id)).count();
        // Long enough for B to look every job up, to hear "no record" from owners that might lack one, and to
        // resubmit, were it to: three client timeouts.
        long deadline = System.currentTimeMillis() + 3 * jobs.clientTimeoutMillis() + 2_000;
        while (System.currentTimeMillis() < deadline && pendingAt(B) > 0) {
            Thread.sleep(100);
        }
        Thread.sleep(jobs.clientTimeoutMillis());

        HELD.addAndGet(held);
        assertThat(pendingAt(B)).as("seed %d: jobs the restarted node still follows", seed).isZero();
        for (JobId id : ids) {
            assertThat(events.nodes(JobLog.Kind.STARTED, id)).as("seed %d: runs of %s after its end", seed, id)
                    .hasSize(startsBefore.get(id));
            assertThat(events.attempts(id)).as("seed %d: submissions of %s after its end", seed, id)
                    .isEqualTo(submittedBefore.get(id));
        }
        try (GridClient b = grid.client(B); GridClient c = grid.client(2)) {
            for (JobId id : ids) {
                assertThat(b.status(id).state()).as("seed %d: %s at the restarted node", seed, id)
                        .isEqualTo(JobState.COMPLETED);
                assertThat(c.status(id).state()).as("seed %d: %s elsewhere", seed, id).isEqualTo(JobState.COMPLETED);
            }
        }
    }

    private boolean ownedBy(int i, JobId id) {
        return grid.node(i).inspect(p -> ((CanOverlay) ((JobGateway) p).node().overlay()).can().owns(id.point())).join();
    }

    private int pendingAt(int i) {
        return grid.node(i).inspect(p -> ((JobGateway) p).pendingJobs()).join();
    }
}
