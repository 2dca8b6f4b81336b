package io.cangrid.jobs;

import static io.cangrid.jobs.JobLog.Kind.FINISHED;
import static io.cangrid.jobs.JobLog.Kind.REMATCHED;
import static io.cangrid.jobs.JobLog.Kind.RUN_ENDED;
import static io.cangrid.jobs.JobLog.Kind.STARTED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobSenders.Refusal;
import io.cangrid.jobs.message.CancelJob;
import io.cangrid.jobs.message.HeartbeatAck;
import io.cangrid.jobs.message.JobAssign;
import io.cangrid.jobs.message.JobDone;
import io.cangrid.jobs.message.JobProgress;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.JobReturned;
import io.cangrid.jobs.message.OwnerChanged;
import io.cangrid.jobs.message.ResubmitJob;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A grid member that lies (design.md §6, "who may say what"): it forges results, drops, ends, hand-backs
 * and ownership claims for jobs it has no part in. Each forgery is refused where it lands, counted there, and
 * costs nothing: every job ends once, with its real result, after one run.
 */
class HostileMemberTest {

    /** A member of the grid that sends what a test tells it to and listens to nothing. */
    static final class Hostile implements NodeProgram {
        final NodeContext ctx;

        Hostile(NodeContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void start() {
        }

        @Override
        public void receive(NodeId from, Message message) {
            // It only speaks: what the grid answers it is of no use to the tests.
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }

    /** An injection node, an owner, a run node, a client and a hostile member; one job of {@code work} seconds. */
    private static final class Cast {
        final JobGrid grid;
        final NodeId injection;
        final NodeId owner;
        final NodeId runNode;
        final NodeId hostile;

        Cast(long seed) {
            grid = new JobGrid(seed);
            injection = grid.node(1);
            owner = grid.node(1);
            runNode = grid.node(1);
            hostile = grid.sim.addNode(Hostile::new);
            grid.client(injection);
            grid.placement.ownerIs(owner);
            grid.placement.runOn(runNode);
        }

        /** At {@code at}, the hostile member sends what {@code forge} makes of the (only) job's id. */
        void forge(long at, NodeId to, Function<JobId, Message> forge) {
            grid.sim.at(at, () -> grid.sim.program(hostile, Hostile.class).ctx.send(to, forge.apply(onlyJob())));
        }

        JobId onlyJob() {
            assertThat(grid.log.jobs()).hasSize(1);
            return grid.log.jobs().get(0);
        }

        JobSenders refusalsAt(NodeId node) {
            return grid.program(node).agent.senders();
        }

        /** The job ended once, COMPLETED, after exactly one run of {@code work} seconds on the run node. */
        void assertRanOnceAndCompleted(double work) {
            assertThat(grid.runUntilDone(3_600_000)).as("every job ended").isTrue();
            grid.sim.runFor(10 * JobGrid.HEARTBEAT); // a late duplicate would show up here
            grid.assertEveryJobEndedOnce(1);
            JobId id = onlyJob();
            assertThat(grid.log.finalState(id)).as("the real result").isEqualTo(JobState.COMPLETED);
            assertThat(grid.log.of(STARTED, id)).as("runs").hasSize(1);
            long start = grid.log.only(STARTED, id).at();
            assertThat(grid.log.only(RUN_ENDED, id).at()).as("the run went on undisturbed")
                    .isEqualTo(start + (long) (work * 1000));
            assertThat(grid.log.of(REMATCHED)).isEmpty();
            assertThat(grid.log.only(FINISHED, id).at()).as("finished when the real result came")
                    .isGreaterThanOrEqualTo(start + (long) (work * 1000));
        }
    }

    private static JobResult forgedFailure(JobId id) {
        return new JobResult(id, JobState.FAILED, "forged by a hostile member");
    }

    /** The forgery lands while the job runs, after the owner named its run node to the client. */
    @Test
    void aForgedResultForARunningJobIsRefusedAndTheRealOneDelivered() {
        Cast c = new Cast(101);
        c.grid.submit(1_000, 100);
        c.forge(50_000, c.grid.clientId(), HostileMemberTest::forgedFailure);

        JobClient client = c.grid.sim.program(c.grid.clientId(), JobClient.class);

        c.assertRanOnceAndCompleted(100);

        assertThat(client.senders().refusals(Refusal.RESULT_FROM_STRANGER)).isEqualTo(1);
    }

    /**
     * The forgery lands first: before the owner's first progress report, when the client knows no run node
     * yet. It checks with the owner, which names the real run node, and refuses the forgery.
     */
    @Test
    void aForgedResultLandingBeforeAnyProgressIsRefusedAfterAskingTheOwner() {
        Cast c = new Cast(102);
        c.grid.submit(1_000, 100);
        c.forge(1_100, c.grid.clientId(), HostileMemberTest::forgedFailure);
        JobClient client = c.grid.sim.program(c.grid.clientId(), JobClient.class);

        c.assertRanOnceAndCompleted(100);

        assertThat(client.senders().refusals(Refusal.RESULT_FROM_STRANGER)).isEqualTo(1);
        assertThat(client.senders().refusals()).isEqualTo(1);
    }

    /** A forged progress report arriving after the owner's names nobody the client takes a result from. */
    @Test
    void aForgedProgressReportDoesNotVouchForItsSender() {
        Cast c = new Cast(103);
        c.grid.submit(1_000, 100);
        c.forge(30_000, c.grid.clientId(), id -> new JobProgress(new JobId[] {id},
                new JobState[] {JobState.RUNNING}, new NodeId[] {c.hostile}));
        c.forge(31_000, c.grid.clientId(), HostileMemberTest::forgedFailure);
        JobClient client = c.grid.sim.program(c.grid.clientId(), JobClient.class);

        c.assertRanOnceAndCompleted(100);

        assertThat(client.senders().refusals(Refusal.RESULT_FROM_STRANGER)).isEqualTo(1);
    }

    /** A forged result for a job no one submitted is never delivered, and is forgotten after a client timeout. */
    @Test
    void aForgedResultForAnUnknownJobIsNotKept() {
        Cast c = new Cast(104);
        c.grid.submit(1_000, 100);
        JobId unknown = new JobId(424242, Point.of(0.5, 0.5, 0.5, 0.5));
        c.grid.sim.at(20_000, () -> c.grid.sim.program(c.hostile, Hostile.class).ctx.send(c.grid.clientId(),
                new JobResult(unknown, JobState.COMPLETED, null)));
        JobClient client = c.grid.sim.program(c.grid.clientId(), JobClient.class);

        c.assertRanOnceAndCompleted(100);
        c.grid.sim.runFor(JobGrid.CONFIG.clientTimeoutMillis() + 2 * JobGrid.HEARTBEAT);

        assertThat(client.finishedCount()).as("only the real job ended").isEqualTo(1);
        assertThat(client.unfinished()).isZero();
        assertThat(client.senders().refusals(Refusal.RESULT_NOT_FOLLOWED)).isEqualTo(1);
    }

    /**
     * A member that is not the job's owner claims the job and tells its run node to drop it: the run node
     * refuses both, and the job runs once, to the end.
     */
    @Test
    void aForgedOwnerChangeAndDropFromANonOwnerLeaveTheRunAlone() {
        Cast c = new Cast(105);
        c.grid.submit(1_000, 100);
        c.forge(40_000, c.runNode, id -> new OwnerChanged(new JobId[] {id}));
        c.forge(40_100, c.runNode, id -> new HeartbeatAck(new JobId[] {id}));
        c.forge(40_200, c.runNode, id -> new OwnerChanged(new JobId[] {id}, c.hostile));

        c.assertRanOnceAndCompleted(100);

        JobSenders atRunNode = c.refusalsAt(c.runNode);
        assertThat(atRunNode.refusals(Refusal.OWNER_NOT_HANDED_OVER)).isEqualTo(2);
        assertThat(atRunNode.refusals(Refusal.DROP_FROM_NON_OWNER)).isEqualTo(1);
    }

    /** A forged end of the job, and a forged hand-back, at its owner: neither ends nor re-matches the job. */
    @Test
    void aForgedEndAndAForgedHandBackAtTheOwnerAreRefused() {
        Cast c = new Cast(106);
        c.grid.submit(1_000, 100);
        c.forge(40_000, c.owner, id -> new JobDone(id, JobState.FAILED, "forged end"));
        c.forge(41_000, c.owner, id -> new JobReturned(c.grid.log.of(STARTED, id).get(0).job()));

        c.assertRanOnceAndCompleted(100);

        JobSenders atOwner = c.refusalsAt(c.owner);
        assertThat(atOwner.refusals(Refusal.DONE_FROM_STRANGER)).isEqualTo(1);
        assertThat(atOwner.refusals(Refusal.RETURNED_BY_STRANGER)).isEqualTo(1);
        JobOutcome outcome = c.grid.program(c.owner).agent.outcome(c.onlyJob());
        assertThat(outcome.state()).isEqualTo(JobState.COMPLETED);
        assertThat(outcome.runNode()).isEqualTo(c.runNode);
    }

    /** Fields naming the sender must name the node that sent the message. */
    @Test
    void messagesNamingAnotherSenderAreRefused() {
        Cast c = new Cast(107);
        NodeId other = c.grid.node(1);
        c.grid.submit(1_000, 100);
        // A resubmission in the client's name would run the job a second time.
        c.forge(40_000, c.owner, id -> new ResubmitJob(resubmitted(c, id)));
        // A pass of a waiting job "from" the run node would put a second copy in a queue.
        c.forge(41_000, other, id -> new JobAssign(c.grid.log.of(STARTED, id).get(0).job(), c.owner,
                MatchTrace.START, c.runNode, 1));

        c.assertRanOnceAndCompleted(100);

        assertThat(c.refusalsAt(c.owner).refusals(Refusal.SENDER_MISNAMED)).isEqualTo(1);
        assertThat(c.refusalsAt(other).refusals(Refusal.SENDER_MISNAMED)).isEqualTo(1);
        assertThat(c.grid.program(other).agent.queue().isIdle()).isTrue();
    }

    private static JobProfile resubmitted(Cast c, JobId id) {
        JobProfile p = c.grid.log.of(STARTED, id).get(0).job();
        return new JobProfile(p.id(), p.spec(), c.grid.clientId(), p.submittedAt(), p.attempt() + 1);
    }

    /**
     * After its owner hands the job over, the run node takes the new owner's word (here: a cancellation's
     * drop), and still none from a member that is neither.
     */
    @Test
    void afterAHandOverTheNewOwnerIsTakenAndAStrangerStillIsNot() {
        Cast c = new Cast(108);
        NodeId newOwner = c.grid.node(1);
        c.grid.submit(1_000, 300);
        c.grid.sim.at(40_000, () -> {
            c.grid.placement.ownerIs(newOwner);
            c.grid.program(c.owner).agent.handOverOwnership(p -> true, newOwner);
        });
        c.forge(41_000, c.runNode, id -> new HeartbeatAck(new JobId[] {id}));
        c.grid.sim.at(100_000, () -> c.grid.program(newOwner).agent.answerCancel(
                new CancelJob(1, c.onlyJob(), c.grid.clientId())));

        assertThat(c.grid.runUntilDone(3_600_000)).isTrue();
        c.grid.sim.runFor(10 * JobGrid.HEARTBEAT);

        c.grid.assertEveryJobEndedOnce(1);
        JobId id = c.onlyJob();
        assertThat(c.grid.log.finalState(id)).isEqualTo(JobState.CANCELLED);
        assertThat(c.grid.log.only(RUN_ENDED, id).at()).as("the new owner's drop stopped the run")
                .isBetween(100_000L, 100_100L);
        assertThat(c.grid.program(c.runNode).agent.queue().isIdle()).isTrue();
        assertThat(c.refusalsAt(c.runNode).refusals()).as("only the stranger's drop refused").isEqualTo(1);
        assertThat(c.refusalsAt(newOwner).refusals()).isZero();
    }

    /**
     * Many jobs, a hostile member sending a random forgery (result, drop, claim, end, hand-back) about a
     * random job at random times: every job still ends once, COMPLETED, after one run, and no correct
     * message is refused.
     */
    @Test
    void randomForgeriesCostNoJobAndNoRun() {
        long seed = System.nanoTime();
        String why = "seed " + seed + " (rerun with it to reproduce)";
        SplittableRandom rnd = new SplittableRandom(seed);
        JobGrid grid = new JobGrid(seed);
        NodeId injection = grid.node(1);
        NodeId owner = grid.node(1);
        NodeId a = grid.node(1);
        NodeId b = grid.node(1);
        NodeId hostile = grid.sim.addNode(Hostile::new);
        grid.client(injection);
        grid.placement.ownerIs(owner);
        grid.placement.runOn(a, b);
        grid.placement.inTurn();
        int jobs = 8;
        for (int i = 0; i < jobs; i++) {
            grid.submit(1_000 + i * 500L, 60 + rnd.nextInt(120));
        }
        List<String> forged = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long at = 1_200 + rnd.nextLong(600_000);
            int kind = rnd.nextInt(5);
            int pick = rnd.nextInt(jobs);
            NodeId runNode = rnd.nextBoolean() ? a : b;
            grid.sim.at(at, () -> {
                List<JobId> known = grid.log.jobs();
                if (known.isEmpty()) {
                    return;
                }
                JobId id = known.get(pick % known.size());
                NodeContext ctx = grid.sim.program(hostile, Hostile.class).ctx;
                forged.add(kind + "@" + at);
                switch (kind) {
                    case 0 -> ctx.send(grid.clientId(), new JobResult(id, JobState.FAILED, "forged"));
                    case 1 -> ctx.send(runNode, new HeartbeatAck(new JobId[] {id}));
                    case 2 -> ctx.send(runNode, new OwnerChanged(new JobId[] {id}));
                    case 3 -> ctx.send(owner, new JobDone(id, JobState.FAILED, "forged"));
                    default -> ctx.send(grid.clientId(), new JobResult(id, JobState.COMPLETED, null));
                }
            });
        }

        assertThat(grid.runUntilDone(7_200_000)).as(why).isTrue();
        grid.sim.runFor(10 * JobGrid.HEARTBEAT);

        assertThat(grid.log.jobs()).as(why).hasSize(jobs);
        for (JobId id : grid.log.jobs()) {
            String about = why + ", job " + id + ", forgeries (kind@time) " + forged;
            assertThat(grid.log.finalState(id)).as(about).isEqualTo(JobState.COMPLETED);
            assertThat(grid.log.of(STARTED, id)).as(about).hasSize(1);
            assertThat(grid.log.only(FINISHED, id).at()).as(about + ": finished once its run ended")
                    .isGreaterThanOrEqualTo(grid.log.only(RUN_ENDED, id).at());
        }
        assertThat(grid.log.finishesPerJob()).as(why).allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
        assertThat(grid.sim.program(grid.clientId(), JobClient.class).unfinished()).as(why).isZero();
        assertThat(grid.log.of(REMATCHED)).as(why).isEmpty();
    }
}
