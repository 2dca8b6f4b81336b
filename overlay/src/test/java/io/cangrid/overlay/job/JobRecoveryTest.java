package io.cangrid.overlay.job;

import static io.cangrid.overlay.job.JobGrid.CONFIG;
import static io.cangrid.overlay.job.JobGrid.HEARTBEAT;
import static io.cangrid.overlay.job.JobLog.Kind.ASSIGNED;
import static io.cangrid.overlay.job.JobLog.Kind.FINISHED;
import static io.cangrid.overlay.job.JobLog.Kind.REMATCHED;
import static io.cangrid.overlay.job.JobLog.Kind.RUN_ENDED;
import static io.cangrid.overlay.job.JobLog.Kind.STARTED;
import static io.cangrid.overlay.job.JobLog.Kind.SUBMITTED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.message.HeartbeatAck;
import io.cangrid.overlay.job.message.Heartbeats;
import io.cangrid.overlay.job.message.JobResult;
import io.cangrid.overlay.job.message.JobSubmitted;
import io.cangrid.overlay.job.message.OwnershipHandoff;
import io.cangrid.overlay.job.message.ResubmitJob;
import io.cangrid.overlay.sim.LatencyModel;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Recovery in the job life cycle (ALGORITHMS section 6, step 5): a dead run node, a dead owner, both, a
 * run node leaving, a run node that comes back after its job was placed elsewhere, and message loss.
 * Constant 5 ms messages unless a test says otherwise. Every test ends with "no job lost": each job
 * reaches exactly one final state at the client.
 */
class JobRecoveryTest {

    private static final long LATENCY = 5;
    private static final long DEAD_AFTER = CONFIG.deadAfterMillis();

    /** Injection node, owner, run nodes a and b: the usual cast. */
    private static final class Cast {
        final JobGrid grid;
        final NodeId injection;
        final NodeId owner;
        final NodeId a;
        final NodeId b;

        Cast(long seed) {
            this(seed, 1);
        }

        Cast(long seed, double cpuOfB) {
            grid = new JobGrid(seed);
            injection = grid.node(1);
            owner = grid.node(1);
            a = grid.node(1);
            b = grid.node(cpuOfB);
            grid.client(injection);
            grid.placement.ownerIs(owner);
            grid.placement.runOn(a, b);
        }

        JobId onlyJob() {
            assertThat(grid.log.jobs()).hasSize(1);
            return grid.log.jobs().get(0);
        }

        List<NodeId> nodes(JobLog.Kind kind, JobId id) {
            return grid.log.of(kind, id).stream().map(JobLog.Entry::node).toList();
        }
    }

    @Test
    void aCrashedRunNodeIsPresumedDeadAfterMissedHeartbeatsAndItsJobRunsElsewhere() {
        Cast c = new Cast(11);
        c.grid.submit(1_000, 100);
        long crash = 31_000;
        c.grid.sim.at(crash, () -> c.grid.sim.crash(c.a));

        assertThat(c.grid.runUntilDone(3_600_000)).isTrue();

        c.grid.assertEveryJobEndedOnce(1);
        JobId id = c.onlyJob();
        JobLog.Entry rematch = c.grid.log.only(REMATCHED, id);
        assertThat(rematch.node()).isEqualTo(c.owner);
        // The last heartbeat left a at most one period before the crash; the owner checks once a period.
        assertThat(rematch.at()).isGreaterThan(crash + DEAD_AFTER - HEARTBEAT)
                .isLessThanOrEqualTo(crash + DEAD_AFTER + HEARTBEAT + LATENCY);
        assertThat(c.nodes(ASSIGNED, id)).containsExactly(c.a, c.b);
        long startOnB = c.grid.log.of(STARTED, id).get(1).at();
        assertThat(startOnB).isEqualTo(rematch.at() + LATENCY);
        assertThat(c.grid.log.finalState(id)).isEqualTo(JobState.COMPLETED);
        assertThat(c.grid.log.only(FINISHED, id).at()).isEqualTo(startOnB + 100_000 + LATENCY);
        assertThat(c.grid.log.only(SUBMITTED, id).job().attempt()).as("no resubmission").isEqualTo(1);
    }

    @Test
    void aRunNodeThatLostItsOwnerReroutesItsJobsAndTheNewOwnerAdoptsThem() {
        JobGrid grid = new JobGrid(12);
        NodeId injection = grid.node(1);
        NodeId oldOwner = grid.node(1);
        NodeId newOwner = grid.node(1);
        NodeId runNode = grid.node(1);
        grid.client(injection);
        grid.placement.ownerIs(oldOwner);
        grid.placement.runOn(runNode);
        grid.submit(1_000, 200);
        grid.submit(1_001, 50);
        long crash = 21_000;
        grid.sim.at(crash, () -> {
            grid.sim.crash(oldOwner);
            grid.placement.ownerIs(newOwner); // the overlay gave the zone to another node
        });

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        grid.assertEveryJobEndedOnce(2);
        List<JobId> jobs = grid.log.jobs();
        List<JobGrid.Sent> reroutes = grid.sent(m -> m instanceof FixedPlacement.Carry carry && carry.adopt() != null);
        assertThat(reroutes).hasSize(2).allSatisfy(s -> {
            assertThat(s.from()).isEqualTo(runNode);
            assertThat(((FixedPlacement.Carry) s.message()).adopt()).isEqualTo(runNode);
            assertThat(s.at()).isGreaterThan(crash + DEAD_AFTER - HEARTBEAT)
                    .isLessThanOrEqualTo(crash + DEAD_AFTER + HEARTBEAT + LATENCY);
        });
        assertThat(grid.log.of(REMATCHED)).as("the run node still has the jobs: nothing to match again").isEmpty();
        for (JobId id : jobs) {
            assertThat(grid.log.of(ASSIGNED, id)).as("assigned once").hasSize(1);
            assertThat(grid.log.of(STARTED, id)).as("run once").hasSize(1);
            assertThat(grid.log.only(SUBMITTED, id).job().attempt()).as("no resubmission").isEqualTo(1);
            assertThat(grid.log.finalState(id)).isEqualTo(JobState.COMPLETED);
        }
        long firstStart = grid.log.only(STARTED, jobs.get(0)).at();
        assertThat(grid.log.only(RUN_ENDED, jobs.get(0)).at()).as("the run went on undisturbed")
                .isEqualTo(firstStart + 200_000);
        assertThat(grid.sent(m -> m instanceof Heartbeats).stream().filter(s -> s.to().equals(newOwner)))
                .as("heartbeats now go to the adopting owner").isNotEmpty();
        assertThat(grid.program(newOwner).agent.ownedJobs()).as("the new owner learned that both ended").isZero();
    }

    @Test
    void whenOwnerAndRunNodeBothDieTheClientResubmitsAfterItsTimeout() {
        JobGrid grid = new JobGrid(13);
        NodeId injection = grid.node(1);
        NodeId oldOwner = grid.node(1);
        NodeId newOwner = grid.node(1);
        NodeId a = grid.node(1);
        NodeId b = grid.node(1);
        grid.client(injection);
        grid.placement.ownerIs(oldOwner);
        grid.placement.runOn(a, b);
        grid.submit(1_000, 300);
        long crash = 21_000;
        grid.sim.at(crash, () -> {
            grid.sim.crash(oldOwner);
            grid.sim.crash(a);
            grid.placement.ownerIs(newOwner);
        });

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        grid.assertEveryJobEndedOnce(1);
        JobId id = grid.log.jobs().get(0);
        List<JobLog.Entry> submissions = grid.log.of(SUBMITTED, id);
        assertThat(submissions).extracting(e -> e.job().attempt()).containsExactly(1, 2);
        List<JobGrid.Sent> resubmits = grid.sent(m -> m instanceof ResubmitJob);
        assertThat(resubmits).hasSize(1);
        assertThat(resubmits.get(0).at()).as("only after the client's timeout")
                .isGreaterThan(crash + CONFIG.clientTimeoutMillis() - HEARTBEAT);
        assertThat(grid.log.of(ASSIGNED, id)).extracting(JobLog.Entry::node).containsExactly(a, b);
        assertThat(grid.log.finalState(id)).isEqualTo(JobState.COMPLETED);
        assertThat(grid.log.of(REMATCHED)).isEmpty();
        assertThat(grid.sent(m -> m instanceof JobResult)).hasSize(1);
    }

    @Test
    void aRunNodeLeavingGracefullyReturnsItsJobsAndTheyCompleteElsewhereInOrder() {
        Cast c = new Cast(14);
        for (int i = 0; i < 3; i++) {
            c.grid.submit(1_000 + i, 60);
        }
        long leave = 31_000;
        c.grid.sim.at(leave, () -> c.grid.sim.requestLeave(c.a));

        assertThat(c.grid.runUntilDone(3_600_000)).isTrue();

        c.grid.assertEveryJobEndedOnce(3);
        List<JobId> jobs = c.grid.log.jobs();
        assertThat(c.grid.log.of(REMATCHED)).hasSize(3).allSatisfy(e -> {
            assertThat(e.node()).isEqualTo(c.owner);
            assertThat(e.at()).as("at once, not after missed heartbeats").isEqualTo(leave + LATENCY);
        });
        assertThat(c.grid.log.of(RUN_ENDED).stream().filter(e -> e.node().equals(c.a))).singleElement()
                .satisfies(e -> {
                    assertThat(e.job().id()).isEqualTo(jobs.get(0));
                    assertThat(e.at()).as("the running job stops when its node leaves").isEqualTo(leave);
                });
        for (JobId id : jobs) {
            assertThat(c.nodes(ASSIGNED, id)).containsExactly(c.a, c.b);
            assertThat(c.grid.log.finalState(id)).isEqualTo(JobState.COMPLETED);
        }
        List<JobId> startedOnB = c.grid.log.of(STARTED).stream().filter(e -> e.node().equals(c.b))
                .map(e -> e.job().id()).toList();
        assertThat(startedOnB).as("returned in queue order, run in that order").isEqualTo(jobs);
        assertThat(c.grid.sent(m -> m instanceof JobResult)).hasSize(3)
                .allSatisfy(s -> assertThat(s.from()).isEqualTo(c.b));
    }

    /**
     * a is cut off from everyone; its owner presumes it dead and gives the job to b. When the partition
     * heals, a's next heartbeat is answered with "drop": the job ends once, on b.
     */
    @Test
    void aStaleRunNodeIsToldToDropAJobMatchedElsewhere() {
        Cast c = new Cast(15);
        StaleRunNode stale = new StaleRunNode(c, 300, false, false);

        stale.run();

        JobId id = c.onlyJob();
        List<HeartbeatAck> drops = c.grid.sent(m -> m instanceof HeartbeatAck ack && ack.drop().length > 0).stream()
                .filter(s -> s.from().equals(c.owner) && s.to().equals(c.a)).map(s -> (HeartbeatAck) s.message())
                .toList();
        assertThat(drops).isNotEmpty();
        assertThat(Arrays.asList(drops.get(0).drop())).containsExactly(id);
        stale.assertEndedOnceOnB();
    }

    /**
     * As above, but the first thing a says after the partition heals is the re-routed profile of the job
     * (it stopped hearing its owner): the owner, which matched the job elsewhere, must not hand it back.
     */
    @Test
    void aStaleRunNodeReroutingTheJobToItsLiveOwnerIsToldToDropIt() {
        Cast c = new Cast(16);
        StaleRunNode stale = new StaleRunNode(c, 300, true, false);

        stale.run();

        stale.assertEndedOnceOnB();
    }

    /** The stale node comes back only after the job completed on b: it must not run it to completion again. */
    @Test
    void aStaleRunNodeReroutingAJobThatEndedMeanwhileIsToldToDropIt() {
        Cast c = new Cast(17, 10);
        StaleRunNode stale = new StaleRunNode(c, 300, true, true);

        stale.run();

        stale.assertEndedOnceOnB();
    }

    /**
     * Drives the stale-run-node scenarios: one job of {@code work} seconds goes to a; at 21 s a is
     * partitioned off and withdrawn from the placement, so the owner's rematch sends the job to b. The
     * partition heals when a next re-routes its job after the rematch (and, if {@code afterFinish}, after
     * the client saw the job end): either letting that re-routed profile through ({@code letRerouteThrough})
     * or just after it was lost, so that a's next word is a heartbeat.
     */
    private static final class StaleRunNode {
        private final Cast c;
        private final double work;
        private boolean healed;

        StaleRunNode(Cast c, double work, boolean letRerouteThrough, boolean afterFinish) {
            this.c = c;
            this.work = work;
            JobGrid grid = c.grid;
            grid.submit(1_000, work);
            grid.sim.at(21_000, () -> {
                grid.sim.partition(List.of(Set.of(c.a)));
                grid.placement.withdraw(c.a);
            });
            grid.watch(s -> {
                boolean reroute = s.message() instanceof FixedPlacement.Carry carry && c.a.equals(carry.adopt());
                boolean ready = !grid.log.of(REMATCHED).isEmpty() && (!afterFinish || !grid.log.of(FINISHED).isEmpty());
                if (healed || !reroute || !ready) {
                    return;
                }
                healed = true;
                if (letRerouteThrough) {
                    grid.sim.heal();
                } else {
                    grid.sim.after(1, grid.sim::heal);
                }
            });
        }

        void run() {
            assertThat(c.grid.runUntilDone(3_600_000)).isTrue();
            // Let a's run end and any late message land: a duplicate would show up here.
            c.grid.sim.runFor((long) (work * 1000) + 10 * HEARTBEAT);
            assertThat(healed).as("the partition healed").isTrue();
        }

        void assertEndedOnceOnB() {
            c.grid.assertEveryJobEndedOnce(1);
            JobId id = c.onlyJob();
            assertThat(c.grid.log.finalState(id)).isEqualTo(JobState.COMPLETED);
            assertThat(c.grid.log.only(REMATCHED, id).node()).isEqualTo(c.owner);
            assertThat(c.grid.sent(m -> m instanceof JobResult)).as("results sent").hasSize(1)
                    .allSatisfy(s -> assertThat(s.from()).isEqualTo(c.b));
            List<JobLog.Entry> endsOnA = c.grid.log.of(RUN_ENDED, id).stream().filter(e -> e.node().equals(c.a))
                    .toList();
            assertThat(endsOnA).as("a stopped the job early").hasSize(1);
            assertThat(endsOnA.get(0).at()).isLessThan(c.grid.log.of(STARTED, id).get(0).at() + (long) (work * 1000));
            assertThat(c.grid.program(c.a).agent.queue().isIdle()).isTrue();
            assertThat(c.grid.program(c.owner).agent.ownedJobs()).isZero();
        }
    }

    /**
     * The owner gives the zone holding the job's point to another node while a heartbeat for the job is on
     * its way to it: the run node must not be told to drop the job, and the new owner takes it over as it
     * runs.
     */
    @Test
    void anOwnershipHandOverCrossingAHeartbeatLeavesTheRunAlone() {
        JobGrid grid = new JobGrid(18);
        NodeId injection = grid.node(1);
        NodeId oldOwner = grid.node(1);
        NodeId newOwner = grid.node(1);
        NodeId runNode = grid.node(1);
        grid.client(injection);
        grid.placement.ownerIs(oldOwner);
        grid.placement.runOn(runNode);
        grid.submit(1_000, 200);
        boolean[] handedOver = {false};
        grid.watch(s -> {
            if (!handedOver[0] && s.message() instanceof Heartbeats && s.to().equals(oldOwner) && s.at() > 20_000) {
                handedOver[0] = true;
                // One millisecond later the old owner's zone changes hands, before the heartbeat lands.
                grid.sim.after(1, () -> {
                    grid.placement.ownerIs(newOwner);
                    grid.program(oldOwner).agent.handOverOwnership(job -> true, newOwner);
                });
            }
        });

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        assertThat(handedOver[0]).isTrue();
        grid.assertEveryJobEndedOnce(1);
        JobId id = grid.log.jobs().get(0);
        assertThat(grid.sent(m -> m instanceof OwnershipHandoff)).hasSize(1);
        assertThat(grid.log.of(REMATCHED)).isEmpty();
        assertThat(grid.log.of(STARTED, id)).as("run once").hasSize(1);
        long start = grid.log.only(STARTED, id).at();
        assertThat(grid.log.only(RUN_ENDED, id).at()).as("the run went on undisturbed").isEqualTo(start + 200_000);
        assertThat(grid.program(oldOwner).agent.ownedJobs()).isZero();
        assertThat(grid.program(newOwner).agent.ownedJobs()).isZero();
    }

    /**
     * The receipt of a submission is lost. The client submits the job afresh after its timeout, which
     * makes a second job; the first one still runs, and its result reaches the client, which cannot tell
     * what it belongs to and never records it. Known open problem (a submission is not idempotent): the
     * client ends every submission once, but the grid ran a job whose end nobody recorded.
     */
    @Test
    @Tag("known-issue")
    void aLostReceiptLeavesNoJobWithoutAFinalState() {
        Cast c = new Cast(19);
        c.grid.submit(1_000, 30);
        boolean[] lost = {false};
        c.grid.watch(s -> {
            if (!lost[0] && s.message() instanceof JobSubmitted) {
                lost[0] = true;
                c.grid.sim.partition(List.of(Set.of(c.grid.clientId())));
                c.grid.sim.after(1, c.grid.sim::heal);
            }
        });

        assertThat(c.grid.runUntilDone(3_600_000)).isTrue();

        assertThat(lost[0]).isTrue();
        // Today two jobs enter the grid and the client records the end of one.
        c.grid.assertEveryJobEndedOnce(c.grid.log.jobs().size());
    }

    /**
     * Two percent of all messages lost, latency exponential with a 50 ms mean: jobs, heartbeats, receipts
     * and results go missing, and recovery must still end every submission once at the client.
     */
    @Test
    void underMessageLossEverySubmissionEndsOnceAtTheClient() {
        for (long seed = 20; seed < 24; seed++) {
            JobGrid grid = new JobGrid(seed, LatencyModel.exponential(50));
            NodeId injection = grid.node(1);
            NodeId owner = grid.node(1);
            NodeId[] runNodes = {grid.node(1), grid.node(2), grid.node(3)};
            JobClient client = grid.client(injection);
            grid.placement.ownerIs(owner);
            grid.placement.runOn(runNodes);
            grid.placement.inTurn();
            grid.sim.setDropProbability(0.02);
            int jobs = 40;
            for (int i = 0; i < jobs; i++) {
                grid.submit(1_000 + 5_000L * i, 20 + (i % 7) * 10);
            }

            assertThat(grid.runUntilDone(24 * 3_600_000L)).as("seed %d: every job ended", seed).isTrue();

            assertThat(client.unfinished()).as("seed %d", seed).isZero();
            assertThat(client.finishedCount()).as("seed %d: one final state per submission", seed).isEqualTo(jobs);
            assertThat(grid.log.finishesPerJob().values()).as("seed %d: never two final states", seed)
                    .allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(1));
            assertThat(grid.log.of(FINISHED)).as("seed %d", seed)
                    .allSatisfy(e -> assertThat(e.state()).isEqualTo(JobState.COMPLETED));
            assertThat(grid.sim.messagesDropped()).as("seed %d: the network did lose messages", seed).isPositive();
        }
    }
}
