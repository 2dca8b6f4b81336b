package io.cangrid.can.match;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.sim.CapabilityPoints;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobClient;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * A grid of {@link JobNode}s with basic CAN matchmaking in the deterministic simulation, one client, and
 * a record of what happened to every job. Driver code: it sees every node, protocol code never does.
 * Overlay state every {@link #UPDATE} ms, heartbeats every {@link #HEARTBEAT} ms, latency exponential with
 * a 50 ms mean.
 */
final class MatchGrid {

    static final long UPDATE = 5_000;
    static final long HEARTBEAT = 10_000;
    static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();
    private static final int MAX_SETTLE_PERIODS = 60;

    /** What became of one job, as the job events told it. */
    static final class Fate {
        final JobProfile job;
        final List<NodeId> runNodes = new ArrayList<>();
        final List<JobState> finals = new ArrayList<>();
        String reason;
        int rematches;
        /** 1, plus one for every resubmission by the client. */
        int submissions;

        Fate(JobProfile job) {
            this.job = job;
        }

        @Override
        public String toString() {
            return job.id() + " needing " + job.spec().requirements() + ": submitted " + submissions + "x, run on "
                    + runNodes + ", " + rematches + " rematch(es), ended " + finals
                    + (reason == null ? "" : " (" + reason + ")");
        }
    }

    /** A decision of matchmaking, seen when the run node queued the job. */
    record Assignment(JobProfile job, NodeId runNode, long at) {
    }

    final long seed;
    final Simulation sim;
    final GridSettings settings;
    final RandomGenerator driver;
    final Map<NodeId, JobNode<CanOverlay>> nodes = new LinkedHashMap<>();
    final Map<JobId, Fate> fates = new LinkedHashMap<>();
    private final List<Consumer<Assignment>> assignmentWatchers = new ArrayList<>();
    private final List<Consumer<Sent>> sendWatchers = new ArrayList<>();
    private JobClient client;
    private int scheduled;
    private int submitted;

    /** A message as it left its sender. */
    record Sent(NodeId from, NodeId to, Message message, long at) {
    }

    MatchGrid(long seed) {
        this.seed = seed;
        this.sim = new Simulation(SimulationConfig.defaults(seed));
        this.driver = new SplitMix64(SplitMix64.derive(seed, 0x5eedL));
        JobEvents events = new JobEvents() {
            @Override
            public void submitted(JobProfile job, long at) {
                fates.computeIfAbsent(job.id(), id -> new Fate(job)).submissions++;
            }

            @Override
            public void assigned(JobProfile job, NodeId runNode, MatchTrace trace, int queueAhead, long at) {
                fates.get(job.id()).runNodes.add(runNode);
                Assignment a = new Assignment(job, runNode, at);
                assignmentWatchers.forEach(w -> w.accept(a));
            }

            @Override
            public void rematched(JobProfile job, NodeId owner, long at) {
                fates.get(job.id()).rematches++;
            }

            @Override
            public void finished(JobProfile job, JobState state, String reason, long at) {
                Fate f = fates.get(job.id());
                f.finals.add(state);
                f.reason = reason;
            }
        };
        this.settings = GridSettings.simulated(CanConfig.withUpdatePeriod(UPDATE), JobConfig.withHeartbeat(HEARTBEAT),
                SCHEMA, BasicCanLocator.factory(SCHEMA), events);
        sim.setMessageObserver((from, to, message, now) -> {
            if (!sendWatchers.isEmpty()) {
                Sent s = new Sent(from, to, message, now);
                sendWatchers.forEach(w -> w.accept(s));
            }
        });
    }

    /** {@code count} skewed capabilities (most nodes small, few large), drawn from the grid's seed. */
    List<Capabilities> skewedPopulation(int count) {
        CapabilityPoints points = new CapabilityPoints();
        List<Capabilities> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(points.nextCapabilities(driver));
        }
        return out;
    }

    /** Builds the overlay by joins spread over five update periods, waits for it to settle, adds the client. */
    MatchGrid build(List<Capabilities> population) {
        long spread = 5 * UPDATE;
        addNode(population.get(0));
        for (int i = 1; i < population.size(); i++) {
            Capabilities caps = population.get(i);
            sim.at(i * spread / population.size(), () -> addNode(caps));
        }
        sim.runUntil(spread + UPDATE);
        settle(population.size());
        NodeId clientId = sim.addNode(
                ctx -> new JobClient(ctx, settings.jobs(), settings.events(), this::randomActive));
        client = sim.program(clientId, JobClient.class);
        return this;
    }

    /** Runs update periods until the overlay of the live nodes is settled and holds {@code expected} nodes. */
    void settle(int expected) {
        OverlayInspector.Report r = null;
        for (int period = 0; period < MAX_SETTLE_PERIODS; period++) {
            r = OverlayInspector.inspect(activeCans());
            if (r.settled() && r.nodes() == expected) {
                return;
            }
            sim.runFor(UPDATE);
        }
        throw new AssertionError("seed " + seed + ": the overlay did not settle: " + r.describe());
    }

    NodeId addNode(Capabilities caps) {
        List<NodeId> bootstraps = new ArrayList<>(3);
        if (!nodes.isEmpty()) {
            for (int i = 0; i < 3; i++) {
                bootstraps.add(randomActive());
            }
        }
        NodeId id = sim.addNode(ctx -> CanGridNodes.create(ctx, settings, caps, bootstraps));
        nodes.put(id, CanGridNodes.of(sim.program(id)));
        return id;
    }

    NodeId randomActive() {
        List<NodeId> active = activeIds();
        if (active.isEmpty()) {
            throw new IllegalStateException("no active grid node left");
        }
        return active.get(driver.nextInt(active.size()));
    }

    List<NodeId> activeIds() {
        List<NodeId> out = new ArrayList<>();
        nodes.forEach((id, n) -> {
            if (n.overlay().can().phase() == CanPhase.ACTIVE && sim.isAlive(id)) {
                out.add(id);
            }
        });
        return out;
    }

    List<CanNode> activeCans() {
        return activeIds().stream().map(id -> nodes.get(id).overlay().can()).toList();
    }

    JobNode<CanOverlay> node(NodeId id) {
        return nodes.get(id);
    }

    Capabilities capabilities(NodeId id) {
        return nodes.get(id).overlay().can().capabilities();
    }

    void submit(long at, JobSpec spec) {
        scheduled++;
        sim.at(at, () -> {
            client.submit(spec);
            submitted++;
        });
    }

    JobClient client() {
        return client;
    }

    void onAssignment(Consumer<Assignment> watcher) {
        assignmentWatchers.add(watcher);
    }

    void onSend(Consumer<Sent> watcher) {
        sendWatchers.add(watcher);
    }

    /** Runs until every scheduled submission was made and has ended at the client, or {@code deadline}. */
    boolean runUntilDone(long deadline) {
        return sim.runUntil(() -> submitted == scheduled && client.unfinished() == 0, deadline);
    }

    List<Fate> fates(Predicate<Fate> which) {
        return fates.values().stream().filter(which).toList();
    }

    /**
     * No job lost: every submission ended at the client, each exactly once, COMPLETED or NO_MATCH, and
     * every job the grid accepted recorded its final state once.
     */
    void assertNoJobLost() {
        String context = "seed " + seed;
        assertThat(submitted).as(context).isEqualTo(scheduled);
        assertThat(client.unfinished()).as(context + ": jobs the client still waits for").isZero();
        assertThat(client.finishedCount()).as(context + ": submissions ended").isEqualTo(scheduled);
        assertThat(fates.values()).as(context).allSatisfy(f -> {
            assertThat(f.finals).as(context + ": final states of " + f.job.id()).hasSize(1);
            assertThat(f.finals.get(0)).as(context).isIn(JobState.COMPLETED, JobState.NO_MATCH);
        });
    }
}
