package io.cangrid.jobs.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobId;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.wire.MessageCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client asks a node how a job stands, and the job's owner does not answer in time (its route lost a
 * message): the node says so, rather than leaving the client to its own timeout, which would end a whole
 * {@code results} of a cluster at that job.
 */
class GatewayStatusTest {

    @TempDir
    Path dir;

    @AfterEach
    void flushStores() {
        JobStore.flushIn(dir);
    }

    @Test
    void anOwnerThatDoesNotAnswerInTimeIsSaidSo() {
        Simulation sim = new Simulation(SimulationConfig.defaults(3).withLatency(LatencyModel.constant(5)));
        JobGateway[] gateway = new JobGateway[1];
        // Routes take longer than the node waits for an owner's answer.
        LoneGateway.add(sim, new JobStore(dir, MessageCodec.discover(1 << 20)), false, gateway,
                2 * JobGateway.ASK_TIMEOUT_MILLIS);
        List<JobStatusReply> heard = new ArrayList<>();
        NodeId client = sim.addNode(ctx -> new Listener(ctx, heard));
        JobId job = new JobId(5, Point.of(0.5, 0.5, 0.5, 0.5));
        sim.at(1_000, () -> gateway[0].receive(client, new GridStatus(77, job)));
        sim.runFor(1_000 + JobGateway.ASK_TIMEOUT_MILLIS + 100);
        assertThat(heard).hasSize(1);
        assertThat(heard.get(0).ticket()).isEqualTo(77);
        assertThat(heard.get(0).state()).isNull();
        assertThat(heard.get(0).reason()).contains("did not answer").contains("try again");
    }

    @Test
    void aLookupWhoseRouteIsLostIsAskedAgainInTime() {
        Simulation sim = new Simulation(SimulationConfig.defaults(5).withLatency(LatencyModel.constant(5)));
        JobGateway[] gateway = new JobGateway[1];
        NodeId node = LoneGateway.add(sim, new JobStore(dir, MessageCodec.discover(1 << 20)), false, gateway, 100);
        List<JobStatusReply> heard = new ArrayList<>();
        NodeId client = sim.addNode(ctx -> new Listener(ctx, heard));
        JobId job = new JobId(7, Point.of(0.5, 0.5, 0.5, 0.5));
        sim.at(1_000, () -> {
            gateway[0].node().agent().recordOutcome(job, new io.cangrid.jobs.JobOutcome(
                    io.cangrid.jobs.JobState.COMPLETED, null, node, 10));
            ((LoneGateway.LoneOverlay) gateway[0].node().overlay()).routesToLose = 1;
            gateway[0].receive(client, new GridStatus(78, job));
        });
        sim.runFor(1_000 + JobGateway.ASK_TIMEOUT_MILLIS + 100);
        assertThat(heard).hasSize(1);
        assertThat(heard.get(0).state()).as("answered, not 'did not answer'").isEqualTo(
                io.cangrid.jobs.JobState.COMPLETED);
    }

    @Test
    void anOwnerRestartedWithItsWorkDirectoryAnswersFromWhatItWroteDown() {
        Simulation sim = new Simulation(SimulationConfig.defaults(4).withLatency(LatencyModel.constant(5)));
        JobGateway[] gateway = new JobGateway[1];
        JobStore store = new JobStore(dir, MessageCodec.discover(1 << 20));
        NodeId node = LoneGateway.add(sim, store, false, gateway);
        List<JobStatusReply> heard = new ArrayList<>();
        NodeId asker = sim.addNode(ctx -> new Listener(ctx, heard));
        JobId job = new JobId(6, Point.of(0.5, 0.5, 0.5, 0.5));
        // Written down in the node's previous life, as its owner: nothing of it is in memory now.
        store.keep(job, new io.cangrid.jobs.JobOutcome(io.cangrid.jobs.JobState.COMPLETED, null, node, 10), node);
        sim.at(1_000, () -> {
            gateway[0].node().agent().keepOutcomesIn(store);
            gateway[0].node().agent().answerStatus(new io.cangrid.jobs.message.StatusQuery(9, job, asker));
        });
        sim.runFor(2_000);
        assertThat(heard).hasSize(1);
        assertThat(heard.get(0).state()).as("not 'no record'").isEqualTo(io.cangrid.jobs.JobState.COMPLETED);
        assertThat(heard.get(0).owner()).isEqualTo(node);
    }

    private static final class Listener implements NodeProgram {
        private final NodeContext ctx;
        private final List<JobStatusReply> heard;

        Listener(NodeContext ctx, List<JobStatusReply> heard) {
            this.ctx = ctx;
            this.heard = heard;
        }

        @Override
        public void start() {
        }

        @Override
        public void receive(NodeId from, Message message) {
            if (message instanceof JobStatusReply r) {
                heard.add(r);
            }
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }
}
