package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.jobs.message.JobMessage;
import io.cangrid.jobs.message.StatusQuery;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A deterministic simulation of the job life cycle alone: nodes that host a {@link JobAgent} with a
 * {@link FixedPlacement} as their locator, one {@link JobClient}, a log of every job event and of every
 * message sent. Heartbeats every {@link #HEARTBEAT} ms, three missed ones mean dead, and the client
 * resubmits after eight silent periods.
 */
final class JobGrid {

    static final long HEARTBEAT = 10_000;
    static final JobConfig CONFIG = new JobConfig(HEARTBEAT, 3, 8);
    static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();

    /** A node of the grid: the job life cycle with the shared placement as its locator. */
    static final class AgentNode implements NodeProgram {
        final NodeContext ctx;
        final JobAgent agent;
        final Locator locator;
        private final FixedPlacement placement;

        AgentNode(NodeContext ctx, double cpu, FixedPlacement placement, JobEvents events) {
            this.ctx = ctx;
            this.placement = placement;
            this.agent = new JobAgent(ctx, SCHEMA, cpu, new SimulatedExecution(ctx, cpu), CONFIG, events);
            this.locator = placement.locatorFor(ctx, agent);
            agent.setLocator(locator);
        }

        @Override
        public void start() {
            agent.start();
        }

        @Override
        public void receive(NodeId from, Message message) {
            if (message instanceof StatusQuery query) {
                // As any job node does: the owner answers, any other node carries the query on to it.
                if (ctx.self().equals(placement.owner())) {
                    agent.answerStatus(query);
                } else {
                    ctx.send(placement.owner(), query);
                }
            } else if (message instanceof JobMessage m) {
                agent.receive(from, m);
            } else if (locator.handles(message)) {
                locator.receive(from, message);
            } else {
                throw new AssertionError(ctx.self() + " got an unexpected " + message);
            }
        }

        @Override
        public void leave() {
            agent.leave();
            agent.stop();
            ctx.exit();
        }
    }

    /** A message as the network saw it leave its sender. */
    record Sent(NodeId from, NodeId to, Message message, long at) {
    }

    final Simulation sim;
    final FixedPlacement placement;
    final JobLog log = new JobLog();
    final List<Sent> sent = new ArrayList<>();
    private final List<Consumer<Sent>> watchers = new ArrayList<>();
    private JobClient client;
    private NodeId clientId;
    private int scheduled;
    private int submitted;

    JobGrid(long seed, LatencyModel latency) {
        sim = new Simulation(SimulationConfig.defaults(seed).withLatency(latency));
        placement = new FixedPlacement(sim);
        sim.setMessageObserver((from, to, message, now) -> {
            Sent s = new Sent(from, to, message, now);
            sent.add(s);
            for (Consumer<Sent> w : List.copyOf(watchers)) {
                w.accept(s);
            }
        });
    }

    /**
     * Calls {@code watcher} for every message as it leaves its sender, before the network decides its fate:
     * a watcher that heals a partition lets the very message it sees through.
     */
    void watch(Consumer<Sent> watcher) {
        watchers.add(watcher);
    }

    /** Constant 5 ms messages: every time in a test follows from the protocol alone. */
    JobGrid(long seed) {
        this(seed, LatencyModel.constant(5));
    }

    NodeId node(double cpu) {
        return sim.addNode(ctx -> new AgentNode(ctx, cpu, placement, log));
    }

    /** Adds the client; it submits through {@code injection} (and resubmits through it too). */
    JobClient client(NodeId injection) {
        return client(() -> injection);
    }

    /** Adds the client; it asks {@code peers} for the node to send each submission and resubmission to. */
    JobClient client(Supplier<NodeId> peers) {
        clientId = sim.addNode(ctx -> new JobClient(ctx, CONFIG, log, peers));
        client = sim.program(clientId, JobClient.class);
        return client;
    }

    NodeId clientId() {
        return clientId;
    }

    AgentNode program(NodeId id) {
        return sim.program(id, AgentNode.class);
    }

    /** Submits a job with no requirements and {@code work} seconds of baseline work at time {@code at}. */
    void submit(long at, double work) {
        submit(at, JobSpec.of(Requirements.none(SCHEMA.realDimensions()), work));
    }

    void submit(long at, JobSpec spec) {
        scheduled++;
        sim.at(at, () -> {
            client.submit(spec);
            submitted++;
        });
    }

    /**
     * Runs until every scheduled submission was made and the client has nothing unfinished (checked as
     * the clock advances), or until {@code deadline}; returns whether that happened.
     */
    boolean runUntilDone(long deadline) {
        return sim.runUntil(() -> submitted == scheduled && client.unfinished() == 0, deadline);
    }

    List<Sent> sent(Predicate<Message> which) {
        return sent.stream().filter(s -> which.test(s.message())).toList();
    }

    /**
     * No job lost: {@code expected} jobs were submitted, the client has nothing left unfinished, and it
     * recorded exactly one final state for every job.
     */
    void assertEveryJobEndedOnce(int expected) {
        assertThat(log.jobs()).as("jobs submitted").hasSize(expected);
        assertThat(client.unfinished()).as("jobs the client still waits for").isZero();
        assertThat(client.finishedCount()).as("jobs the client saw end").isEqualTo(expected);
        assertThat(log.finishesPerJob()).as("final states per job").allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
    }
}
