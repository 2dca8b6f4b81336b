package io.cangrid.jobs.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSenders.Refusal;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.wire.MessageCodec;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The injection node's store keeps only the results of jobs it follows, from the nodes that speak for
 * them: a hostile member's forged result, for a job it took or for one it never heard of, is not stored, and
 * {@code results} serves the real one. One job node holds the whole space (owner and run node of its own
 * jobs) behind its gateway; a second node is the hostile member.
 */
class GatewayForgedResultTest {

    private static final JobConfig CONFIG = LoneGateway.CONFIG;
    private static final ResourceSchema SCHEMA = LoneGateway.SCHEMA;

    @TempDir
    Path dir;

    /** The store writes a moment later: done before the directory goes. */
    @AfterEach
    void flushStores() {
        JobStore.flushIn(dir);
    }

    @Test
    void forgedResultsAreNotStoredAndTheRealOneIs() {
        Simulation sim = new Simulation(SimulationConfig.defaults(7).withLatency(LatencyModel.constant(5)));
        JobStore store = new JobStore(dir, MessageCodec.discover(1 << 20));
        JobGateway[] gateway = new JobGateway[1];
        NodeId node = LoneGateway.add(sim, store, false, gateway);
        NodeId hostile = sim.addNode(LoneGateway.Speaker::new);
        NodeId client = sim.addNode(LoneGateway.Speaker::new); // stands for the client that submits
        JobSpec spec = JobSpec.of(Requirements.none(SCHEMA.realDimensions()), 100);
        sim.at(1_000, () -> gateway[0].receive(client, new GridSubmit(1, spec, 42)));
        JobId unknown = new JobId(424242, Point.of(0.5, 0.5, 0.5, 0.5));
        JobId[] real = new JobId[1];
        sim.at(30_000, () -> {
            real[0] = gateway[0].node().agent().queue().runningJob().id();
            NodeContext h = sim.program(hostile, LoneGateway.Speaker.class).ctx;
            h.send(node, new JobResult(real[0], JobState.FAILED, "forged by a hostile member"));
            h.send(node, new JobResult(unknown, JobState.COMPLETED, null));
        });

        Predicate<JobId> ended = id -> id != null && store.result(id) != null;
        assertThat(sim.runUntil(() -> ended.test(real[0]), 3_600_000)).isTrue();
        sim.runFor(10 * CONFIG.heartbeatMillis());

        assertThat(store.result(real[0]).state()).as("the real result is stored").isEqualTo(JobState.COMPLETED);
        assertThat(store.result(unknown)).as("nothing stored for a job this node never took").isNull();
        assertThat(gateway[0].pendingJobs()).isZero();
        var refusals = gateway[0].node().agent().senders();
        assertThat(refusals.refusals(Refusal.RESULT_FROM_STRANGER)).isEqualTo(1);
        assertThat(refusals.refusals(Refusal.RESULT_NOT_FOLLOWED)).isEqualTo(1);
    }

    /** Hears what the gateway answers. */
    private static final class Listener implements NodeProgram {
        final List<Message> heard = new java.util.ArrayList<>();

        Listener(NodeContext ctx) {
        }

        @Override
        public void start() {
        }

        @Override
        public void receive(NodeId from, Message message) {
            heard.add(message);
        }

        @Override
        public void leave() {
        }
    }

    /**
     * A question about an id of another space (one coordinate too many: a grid of other resources) is
     * answered with what is wrong, not left unanswered; the node goes on serving.
     */
    @Test
    void aQuestionAboutAnIdOfAnotherSpaceIsAnsweredWithWhatIsWrong() {
        Simulation sim = new Simulation(SimulationConfig.defaults(9).withLatency(LatencyModel.constant(5)));
        JobStore store = new JobStore(dir, MessageCodec.discover(1 << 20));
        JobGateway[] gateway = new JobGateway[1];
        LoneGateway.add(sim, store, false, gateway);
        NodeId client = sim.addNode(Listener::new);
        JobId alien = new JobId(7, Point.of(0.5, 0.5, 0.5, 0.5, 0.5));
        JobId ours = new JobId(8, Point.of(0.5, 0.5, 0.5, 0.5));
        sim.at(1_000, () -> {
            gateway[0].receive(client, new GridStatus(1, alien));
            gateway[0].receive(client, new GridCancel(2, alien));
            gateway[0].receive(client, new GridStatus(3, ours));
        });
        sim.runFor(30_000);
        List<Message> heard = sim.program(client, Listener.class).heard;
        assertThat(heard).filteredOn(m -> m instanceof io.cangrid.jobs.message.JobStatusReply r && r.ticket() == 1)
                .singleElement().extracting(m -> ((io.cangrid.jobs.message.JobStatusReply) m).reason()).asString()
                .contains("5 coordinates").contains("this grid's space has 4");
        assertThat(heard).filteredOn(m -> m instanceof io.cangrid.jobs.message.CancelReply r && r.ticket() == 2)
                .singleElement().extracting(m -> ((io.cangrid.jobs.message.CancelReply) m).reason()).asString()
                .contains("5 coordinates");
        // An id of this space is still asked about as before.
        assertThat(heard).anyMatch(m -> m instanceof io.cangrid.jobs.message.JobStatusReply r && r.ticket() == 3);
    }
}
