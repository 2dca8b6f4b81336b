package io.cangrid.jobs;

import static io.cangrid.jobs.JobGrid.HEARTBEAT;
import static io.cangrid.jobs.JobLog.Kind.FINISHED;
import static io.cangrid.jobs.JobLog.Kind.REMATCHED;
import static io.cangrid.jobs.JobLog.Kind.RUN_ENDED;
import static io.cangrid.jobs.JobLog.Kind.STARTED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.message.HeartbeatAck;
import io.cangrid.jobs.message.Heartbeats;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.OwnershipHandoff;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Run nodes the owner no longer counts on (design.md §6): one that comes back after a partition
 * during which its job was matched elsewhere, and one whose job changed owner while a heartbeat was on its
 * way. Neither may run a job to completion twice, nor lose it.
 */
class StaleRunNodeTest {

    /**
     * a is cut off from everyone; its owner presumes it dead and gives the job to b. When the partition
     * heals, a's next heartbeat is answered with "drop": the job ends once, on b.
     */
    @Test
    void aStaleRunNodeIsToldToDropAJobMatchedElsewhere() {
        JobCast c = new JobCast(15);
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
        JobCast c = new JobCast(16);
        StaleRunNode stale = new StaleRunNode(c, 300, true, false);

        stale.run();

        stale.assertEndedOnceOnB();
    }

    /** The stale node comes back only after the job completed on b: it must not run it to completion again. */
    @Test
    void aStaleRunNodeReroutingAJobThatEndedMeanwhileIsToldToDropIt() {
        JobCast c = new JobCast(17, 10); // b runs the job in 30 s, long before a could
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
        private final JobCast c;
        private final double work;
        private boolean healed;

        StaleRunNode(JobCast c, double work, boolean letRerouteThrough, boolean afterFinish) {
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
                    grid.program(oldOwner).agent.handOverOwnership(p -> true, newOwner);
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
}
