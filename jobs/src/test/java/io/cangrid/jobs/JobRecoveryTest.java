package io.cangrid.jobs;

import static io.cangrid.jobs.JobGrid.CONFIG;
import static io.cangrid.jobs.JobGrid.HEARTBEAT;
import static io.cangrid.jobs.JobLog.Kind.ASSIGNED;
import static io.cangrid.jobs.JobLog.Kind.FINISHED;
import static io.cangrid.jobs.JobLog.Kind.REMATCHED;
import static io.cangrid.jobs.JobLog.Kind.RUN_ENDED;
import static io.cangrid.jobs.JobLog.Kind.STARTED;
import static io.cangrid.jobs.JobLog.Kind.SUBMITTED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.message.Heartbeats;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.ResubmitJob;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Recovery in the job life cycle (design.md §6): a dead run node, a dead owner, both, and
 * a run node leaving. Constant 5 ms messages, so every time follows from the protocol. Every test ends with
 * "no job lost": each job reaches exactly one final state at the client.
 */
class JobRecoveryTest {

    private static final long LATENCY = 5;
    private static final long DEAD_AFTER = CONFIG.deadAfterMillis();

    @Test
    void aCrashedRunNodeIsPresumedDeadAfterMissedHeartbeatsAndItsJobRunsElsewhere() {
        JobCast c = new JobCast(11);
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

    /**
     * The owner dies right after placing a short job, before it named the run node to the client; the job
     * ends before the run node could notice its owner's silence, so the end goes to a dead owner and no live
     * node holds the job. The client cannot check the run node's result with any owner; once the new owner
     * has had no record of the job for a client timeout, it takes that result instead of running the job
     * again.
     */
    @Test
    void aResultNoOwnerCouldNameIsTakenAfterTheClientTimeoutInsteadOfRunningTheJobAgain() {
        JobGrid grid = new JobGrid(15);
        NodeId injection = grid.node(1);
        NodeId oldOwner = grid.node(1);
        NodeId newOwner = grid.node(1);
        NodeId runNode = grid.node(1);
        grid.client(injection);
        grid.placement.ownerIs(oldOwner);
        grid.placement.runOn(runNode);
        grid.submit(1_000, 5);
        long crash = 1_100;
        grid.sim.at(crash, () -> {
            grid.sim.crash(oldOwner);
            grid.placement.ownerIs(newOwner);
        });

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        grid.assertEveryJobEndedOnce(1);
        JobId id = grid.log.jobs().get(0);
        assertThat(grid.log.of(STARTED, id)).as("runs").hasSize(1);
        assertThat(grid.log.only(RUN_ENDED, id).at()).as("ended after its owner died").isGreaterThan(crash);
        assertThat(grid.log.of(SUBMITTED, id)).extracting(e -> e.job().attempt()).containsExactly(1);
        assertThat(grid.sent(m -> m instanceof ResubmitJob)).isEmpty();
        assertThat(grid.log.finalState(id)).isEqualTo(JobState.COMPLETED);
        assertThat(grid.log.only(FINISHED, id).at()).as("taken once the new owner had no record for a timeout")
                .isGreaterThan(grid.log.only(RUN_ENDED, id).at() + CONFIG.clientTimeoutMillis());
        JobClient client = grid.sim.program(grid.clientId(), JobClient.class);
        assertThat(client.senders().refusals()).isZero();
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
        JobCast c = new JobCast(14);
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

}
