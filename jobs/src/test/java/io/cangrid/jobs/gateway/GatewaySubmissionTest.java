package io.cangrid.jobs.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.wire.MessageCodec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A submission is answered when the job's owner says it holds the job, not at the gateway's next question
 * to the owner; a batch of jobs gets one answer naming each job's id, or why it was refused.
 */
class GatewaySubmissionTest {

    private static final JobConfig CONFIG = LoneGateway.CONFIG;
    private static final ResourceSchema SCHEMA = LoneGateway.SCHEMA;

    @TempDir
    Path dir;

    /** The store writes a moment later: done before the directory goes. */
    @AfterEach
    void flushStores() {
        JobStore.flushIn(dir.resolve("a"));
        JobStore.flushIn(dir.resolve("b"));
    }

    /** Hears what the gateway answers, and when. */
    private static final class Listener implements NodeProgram {
        final List<Message> heard = new java.util.ArrayList<>();
        final List<Long> at = new java.util.ArrayList<>();
        final NodeContext ctx;

        Listener(NodeContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void start() {
        }

        @Override
        public void receive(NodeId from, Message message) {
            heard.add(message);
            at.add(ctx.now());
        }

        @Override
        public void leave() {
        }
    }

    private JobGateway[] lone(Simulation sim, boolean acknowledge) {
        JobGateway[] gateway = new JobGateway[1];
        LoneGateway.add(sim, new JobStore(dir.resolve(acknowledge ? "a" : "b"), MessageCodec.discover(1 << 20)),
                acknowledge, gateway);
        return gateway;
    }

    /** When the client heard that the job it submitted at 1 000 ms is held by its owner. */
    private long answeredAt(boolean acknowledge) {
        Simulation sim = new Simulation(SimulationConfig.defaults(7).withLatency(LatencyModel.constant(5)));
        JobGateway[] gateway = lone(sim, acknowledge);
        NodeId client = sim.addNode(Listener::new);
        JobSpec spec = JobSpec.of(Requirements.none(SCHEMA.realDimensions()), 100);
        sim.at(1_000, () -> gateway[0].receive(client, new GridSubmit(1, spec, 42)));
        sim.runFor(20_000);
        Listener l = sim.program(client, Listener.class);
        int i = 0;
        while (i < l.heard.size() && !(l.heard.get(i) instanceof GridSubmitted)) {
            i++;
        }
        assertThat(i).as("the client heard an answer").isLessThan(l.heard.size());
        assertThat(((GridSubmitted) l.heard.get(i)).job()).isNotNull();
        return l.at.get(i);
    }

    @Test
    void theOwnersWordAnswersTheClientWithoutWaitingForAQuestion() {
        assertThat(answeredAt(true)).as("answered with the owner's word").isLessThan(1_000 + JobGateway.ACK_WAIT_MILLIS);
        assertThat(answeredAt(false)).as("answered after asking the owner")
                .isGreaterThanOrEqualTo(1_000 + JobGateway.ACK_WAIT_MILLIS);
    }

    @Test
    void aBatchIsAnsweredOnceWithEachJobsIdOrWhyItWasRefused() {
        Simulation sim = new Simulation(SimulationConfig.defaults(8).withLatency(LatencyModel.constant(5)));
        JobGateway[] gateway = lone(sim, true);
        NodeId client = sim.addNode(Listener::new);
        JobSpec ok = JobSpec.of(Requirements.none(SCHEMA.realDimensions()), 100);
        JobSpec wrongSpace = JobSpec.of(Requirements.none(SCHEMA.realDimensions() + 2), 100);
        sim.at(1_000, () -> gateway[0].receive(client, new GridSubmitBatch(1, new JobSpec[] {ok, wrongSpace, ok},
                new long[] {1, 2, 3})));
        sim.at(1_000, () -> gateway[0].receive(client, new GridSubmitBatch(2, new JobSpec[] {ok}, new long[] {1, 2})));
        sim.runFor(20_000);
        List<GridSubmittedBatch> answers = sim.program(client, Listener.class).heard.stream()
                .filter(m -> m instanceof GridSubmittedBatch).map(m -> (GridSubmittedBatch) m).toList();
        assertThat(answers).hasSize(2);
        GridSubmittedBatch first = answers.stream().filter(a -> a.ticket() == 1).findFirst().orElseThrow();
        assertThat(first.error()).isNull();
        assertThat(first.jobs()[0]).isNotNull();
        assertThat(first.jobs()[1]).isNull();
        assertThat(first.refusals()[1]).isNotBlank();
        assertThat(first.jobs()[2]).isNotNull().isNotEqualTo(first.jobs()[0]);
        GridSubmittedBatch second = answers.stream().filter(a -> a.ticket() == 2).findFirst().orElseThrow();
        assertThat(second.error()).contains("one key per job");
        assertThat(gateway[0].pendingJobs()).as("the two jobs taken are followed").isLessThanOrEqualTo(2);
    }
}
