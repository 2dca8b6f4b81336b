package io.cangrid.jobs.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobFollower;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSenders.Refusal;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.wire.MessageCodec;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node follows, on behalf of the node that took it, a job it learned of by {@link GridFollow}, and no
 * owner it can reach has a record of the job: what a partition looks like from the side that holds neither
 * the job's owner nor its client, and what the death of that one node looks like too. The follower asks the
 * node that took the job before it submits the job again: an answer speaks for the job, and only a silence
 * of {@link JobFollower#BACKUP_PATIENCE_TIMEOUTS} client timeouts is taken for its death. Seen in a run
 * across hosts without it: a job that ended on one side of a partition ran again on the other.
 */
class GatewayBackupTest {

    private static final JobConfig CONFIG = LoneGateway.CONFIG;
    private static final long TIMEOUT = CONFIG.clientTimeoutMillis();
    private static final JobOutput FIRST = new JobOutput(0, "the first run's output\n", "", new InputFile[0], null);

    @TempDir
    Path dir;

    @AfterEach
    void flushStores() {
        JobStore.flushIn(dir);
    }

    private record Grid(Simulation sim, JobGateway[] gateway, JobProfile job, JobStore store, NodeId node) {
        /** Whether the job was submitted again here: owned here, or ended here having run on this node. */
        boolean ranHere() {
            var outcome = gateway[0].node().agent().outcome(job.id());
            return gateway[0].node().agent().ownedJobs() > 0 || outcome != null && node.equals(outcome.runNode());
        }
    }

    /** A backup in front of the only job node of its overlay, following a job that {@code client} took. */
    private Grid backup(java.util.function.Function<NodeContext, NodeProgram> client) {
        return backup(client, 0);
    }

    private Grid backup(java.util.function.Function<NodeContext, NodeProgram> client, long routeMillis) {
        Simulation sim = new Simulation(SimulationConfig.defaults(5).withLatency(LatencyModel.constant(5)));
        JobStore store = new JobStore(dir, MessageCodec.discover(1 << 20));
        JobGateway[] gateway = new JobGateway[1];
        NodeId node = LoneGateway.add(sim, store, false, gateway, routeMillis);
        NodeId took = sim.addNode(client::apply);
        JobSpec spec = JobSpec.of(Requirements.none(LoneGateway.SCHEMA.realDimensions()), 3_600);
        JobProfile job = new JobProfile(new JobId(31, Point.of(0.5, 0.5, 0.5, 0.5)), spec, took, 0, 1);
        sim.at(1_000, () -> gateway[0].receive(took, new GridFollow(job)));
        return new Grid(sim, gateway, job, store, node);
    }

    @Test
    void aJobWhoseClientIsSilentIsSubmittedAgainOnlyAfterTheBackupsPatience() {
        Grid g = backup(LoneGateway.Speaker::new);
        g.sim().runFor((JobFollower.BACKUP_PATIENCE_TIMEOUTS + 1) * TIMEOUT);
        assertThat(g.ranHere()).as("while the node that took it may only be out of reach, no second run").isFalse();
        g.sim().runFor(2 * TIMEOUT);
        assertThat(g.ranHere()).as("silent that long, it is taken for dead: the job is not lost").isTrue();
    }

    @Test
    void theClientsWordThatTheJobEndedEndsItHereWithoutASecondRun() {
        Grid g = backup(ctx -> new Answering(ctx, JobState.COMPLETED, FIRST));
        g.sim().runFor(20 * TIMEOUT);
        assertThat(g.ranHere()).isFalse();
        JobStatusReply kept = g.store().result(g.job().id());
        assertThat(kept).as("the client's result is kept here").isNotNull();
        assertThat(kept.state()).isEqualTo(JobState.COMPLETED);
        assertThat(kept.output().stdout()).isEqualTo("the first run's output\n");
    }

    @Test
    void anOwnerWithNoRecordLearnsHowTheJobEndedFromTheBackup() {
        // The owner and the client may be lost together (one node, killed): the backup may be the last to know.
        Grid g = backup(ctx -> new Answering(ctx, JobState.COMPLETED, FIRST));
        g.sim().runFor(20 * TIMEOUT);
        var known = g.gateway()[0].node().agent().outcome(g.job().id());
        assertThat(known).as("the owner of the job's point knows how it ended").isNotNull();
        assertThat(known.state()).isEqualTo(JobState.COMPLETED);
        assertThat(known.output().stdout()).isEqualTo("the first run's output\n");
    }

    @Test
    void theBackupCopiesTheInputsOfTheJobFromTheNodeThatTookItAndOnlyAtItsWord() {
        Grid g = backup(ctx -> new Answering(ctx, JobState.SUBMITTED, null));
        CopyingFiles files = new CopyingFiles();
        g.gateway()[0].useFiles(files);
        NodeId other = g.sim().addNode(LoneGateway.Speaker::new);
        JobProfile second = new JobProfile(new JobId(32, Point.of(0.5, 0.5, 0.5, 0.5)), g.job().spec(),
                g.job().client(), 0, 1);
        // Another member names the node that took a job: no copy is fetched on its word.
        g.sim().at(1_500, () -> g.gateway()[0].receive(other, new GridFollow(second)));
        g.sim().runFor(2 * TIMEOUT);
        assertThat(files.copied).containsExactly(g.job().id());
    }

    /** Large files of a gateway, as far as the backup uses them: which jobs' inputs it was asked to copy. */
    private static final class CopyingFiles implements GatewayFiles {
        final java.util.List<JobId> copied = new java.util.ArrayList<>();

        @Override
        public boolean receive(NodeId from, Message message) {
            return false;
        }

        @Override
        public String lacking(JobSpec spec) {
            return null;
        }

        @Override
        public void keepAgain(JobProfile job) {
        }

        @Override
        public void copyInputs(JobProfile job) {
            copied.add(job.id());
        }

        @Override
        public void release(JobId job) {
        }

        @Override
        public void pull(JobId job, JobOutput output, NodeId ranOn) {
        }
    }

    @Test
    void aClientStillFollowingTheJobKeepsTheBackupFromSubmittingIt() {
        Grid g = backup(ctx -> new Answering(ctx, JobState.SUBMITTED, null));
        g.sim().runFor(20 * TIMEOUT);
        assertThat(g.ranHere()).isFalse();
        assertThat(g.store().result(g.job().id())).isNull();
    }

    @Test
    void anAnswerToTheCheckFromAnotherNodeIsRefusedAndEndsNothing() {
        Grid g = backup(LoneGateway.Speaker::new);
        Forger forger = new Forger(g.node(), g.job().id());
        NodeId hostile = g.sim().addNode(ctx -> forger.on(ctx));
        // The forger even learns each check's ticket: it answers as soon as the question is on its way.
        g.sim().setMessageObserver((from, to, m, now) -> {
            if (m instanceof GridFollowCheck c && !to.equals(hostile)) {
                g.sim().after(1, () -> forger.answer(c.ticket(), null));
            }
        });
        g.sim().runFor((JobFollower.BACKUP_PATIENCE_TIMEOUTS + 1) * TIMEOUT);
        assertThat(g.store().result(g.job().id())).as("a forged end is not taken").isNull();
        assertThat(g.gateway()[0].node().agent().senders().refusals(Refusal.SENDER_MISNAMED)).isPositive();
        assertThat(g.ranHere()).isFalse();
    }

    @Test
    void answersOnGuessedTicketsEndNothing() {
        // Lookups take 200 ms to reach the owner: a forger has that long to answer first.
        Grid g = backup(LoneGateway.Speaker::new, 200);
        Forger forger = new Forger(g.node(), g.job().id());
        NodeId hostile = g.sim().addNode(ctx -> forger.on(ctx));
        // Posing as the job's owner, every 50 ms, on every ticket a counter would have handed out by then.
        for (long at = 1_000; at < 4 * CONFIG.heartbeatMillis(); at += 50) {
            g.sim().at(at, () -> {
                for (long ticket = 1; ticket < 16; ticket++) {
                    forger.answer(ticket, hostile);
                }
            });
        }
        g.sim().runFor(4 * CONFIG.heartbeatMillis());
        assertThat(g.store().result(g.job().id())).as("a forged end is not taken").isNull();
        assertThat(g.ranHere()).isFalse();
    }

    /** The node that took the job: answers every check with {@code state} and {@code output}. */
    private static final class Answering implements NodeProgram {
        private final NodeContext ctx;
        private final JobState state;
        private final JobOutput output;

        Answering(NodeContext ctx, JobState state, JobOutput output) {
            this.ctx = ctx;
            this.state = state;
            this.output = output;
        }

        @Override
        public void start() {
        }

        @Override
        public void receive(NodeId from, Message message) {
            if (message instanceof GridFollowCheck c) {
                ctx.send(from, new JobStatusReply(c.ticket(), c.job(), state, null, ctx.self(), null, output, 10));
            }
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }

    /** A member that answers questions it was not asked with a forged end of the job. */
    private static final class Forger {
        private final NodeId target;
        private final JobId job;
        private NodeContext ctx;

        Forger(NodeId target, JobId job) {
            this.target = target;
            this.job = job;
        }

        NodeProgram on(NodeContext context) {
            this.ctx = context;
            return new LoneGateway.Speaker(context);
        }

        /** Sends the backup a forged end on {@code ticket}, naming {@code owner} as the job's owner. */
        void answer(long ticket, NodeId owner) {
            ctx.send(target, new JobStatusReply(ticket, job, JobState.COMPLETED, owner, ctx.self(), null, FIRST,
                    10));
        }
    }
}
