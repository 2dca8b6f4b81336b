package io.cangrid.jobs.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.ExecutionFactory;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.jobs.JobOverlay;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSenders.Refusal;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.Locator;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.wire.MessageCodec;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A submission is answered when the job's owner says it holds the job, not at the gateway's next question
 * to the owner; a batch of jobs gets one answer naming each job's id, or why it was refused.
 */
class GatewaySubmissionTest {

    private static final JobConfig CONFIG = new JobConfig(10_000, 3, 8);
    private static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();
    private static final long WEEK = 7L * 24 * 3600_000;

    @TempDir
    Path dir;

    /** The only node of an overlay: it owns every point and has no neighbours. */
    private static final class LoneOverlay implements JobOverlay {
        private final NodeContext ctx;
        private Events events;

        LoneOverlay(NodeContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void setEvents(Events events) {
            this.events = events;
        }

        @Override
        public void start(List<NodeId> bootstraps) {
        }

        @Override
        public void leave() {
        }

        @Override
        public boolean handles(Message message) {
            return false;
        }

        @Override
        public void receive(NodeId from, Message message) {
            throw new AssertionError("the lone overlay has no messages of its own");
        }

        @Override
        public boolean isActive() {
            return true;
        }

        @Override
        public Capabilities capabilities() {
            return new Capabilities(1, 4096, 100);
        }

        @Override
        public void routeToOwner(Point point, Message payload) {
            // This node owns every point: the payload arrives here, after the current event.
            ctx.schedule(0, () -> events.arrived(payload, 0));
        }

        @Override
        public List<Neighbour> neighbours() {
            return List.of();
        }

        @Override
        public void publish(Supplier<Message> state) {
        }
    }

    /** Runs every job on the node that owns it: this one. */
    private static Locator runHere(NodeContext ctx, JobAgent agent) {
        return new Locator() {
            @Override
            public void match(JobProfile job, NodeId owner, MatchTrace trace) {
                agent.dispatch(ctx.self(), job, owner, trace);
            }

            @Override
            public void receive(NodeId from, Message message) {
            }

            @Override
            public boolean handles(Message message) {
                return false;
            }
        };
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
        JobStore store = new JobStore(dir.resolve(acknowledge ? "a" : "b"), MessageCodec.discover(1 << 20));
        JobGateway[] gateway = new JobGateway[1];
        sim.addNode(ctx -> {
            JobNode<LoneOverlay> jobs = new JobNode<>(ctx, new LoneOverlay(ctx), new JobNodeSettings(CONFIG, SCHEMA,
                    JobEvents.NONE, ExecutionFactory.simulated()), (c, o, a) -> runHere(c, a), List.of());
            if (acknowledge) {
                jobs.agent().acknowledgeTakenJobs();
            }
            gateway[0] = new JobGateway(ctx, jobs, jobs, store, CONFIG, WEEK);
            return gateway[0];
        });
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
