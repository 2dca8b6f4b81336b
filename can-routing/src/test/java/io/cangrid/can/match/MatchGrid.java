package io.cangrid.can.match;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.sim.CapabilityPoints;
import io.cangrid.jobs.JobClient;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
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
 * A grid of {@link JobNode}s on the CAN in the deterministic simulation, one client, and a {@link JobLog} of
 * every job event: the test fixture of matchmaking on the CAN, here and in the modules whose locators build on
 * it. Driver code: it sees every node, protocol code never does. Everything it does derives from the seed, so a
 * failing seed reproduces the run. By default the locator is basic CAN matchmaking, overlay state goes out
 * every {@link #UPDATE} ms and heartbeats every {@link #HEARTBEAT} ms; latency is exponential with a 50 ms
 * mean.
 */
public class MatchGrid {

    public static final long UPDATE = 5_000;
    public static final long HEARTBEAT = 10_000;
    public static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();
    private static final int JOIN_PERIODS = 5;
    private static final int MAX_SETTLE_PERIODS = 60;
    private static final CapabilityPoints SKEWED = new CapabilityPoints();

    /** What became of one job, as the job events told it. */
    public record Fate(JobProfile job, List<NodeId> runNodes, List<JobState> finals, String reason, int rematches,
            int submissions) {

        /** Of a job in the log: as first submitted, where it was assigned, how it ended (the last reason). */
        static Fate of(JobLog log, JobProfile job) {
            JobId id = job.id();
            List<JobLog.Entry> ends = log.of(JobLog.Kind.FINISHED, id);
            String reason = ends.isEmpty() ? null : ends.get(ends.size() - 1).reason();
            return new Fate(job, log.nodes(JobLog.Kind.ASSIGNED, id), ends.stream().map(JobLog.Entry::state).toList(),
                    reason, log.of(JobLog.Kind.REMATCHED, id).size(), log.attempts(id).size());
        }

        @Override
        public String toString() {
            return job.id() + " needing " + job.spec().requirements() + ": submitted " + submissions + "x, run on "
                    + runNodes + ", " + rematches + " rematch(es), ended " + finals
                    + (reason == null ? "" : " (" + reason + ")");
        }
    }

    /** A message as it left its sender. */
    public record Sent(NodeId from, NodeId to, Message message, long at) {
    }

    public final long seed;
    public final Simulation sim;
    public final GridSettings settings;
    public final JobLog log = new JobLog();
    /** Every random choice of the driver: populations, bootstraps, the client's entry points. */
    protected final RandomGenerator driver;
    private final Map<NodeId, JobNode<CanOverlay>> nodes = new LinkedHashMap<>();
    private final List<NodeId> ids = new ArrayList<>();
    private final List<Consumer<Sent>> sendWatchers = new ArrayList<>();
    private JobClient client;
    private int scheduled;
    private int submitted;

    /** Basic CAN matchmaking at the default periods. */
    public MatchGrid(long seed) {
        this(seed, UPDATE, HEARTBEAT, BasicCanLocator.factory(SCHEMA));
    }

    public MatchGrid(long seed, long updatePeriodMillis, long heartbeatMillis,
            LocatorFactory<? super CanOverlay> locators) {
        this.seed = seed;
        this.sim = new Simulation(SimulationConfig.defaults(seed));
        this.driver = new SplitMix64(SplitMix64.derive(seed, 0x5eedL));
        this.settings = GridSettings.simulated(CanConfig.withUpdatePeriod(updatePeriodMillis),
                JobConfig.withHeartbeat(heartbeatMillis), SCHEMA, locators, log);
        sim.setMessageObserver((from, to, message, now) -> {
            if (!sendWatchers.isEmpty()) {
                Sent s = new Sent(from, to, message, now);
                sendWatchers.forEach(w -> w.accept(s));
            }
        });
    }

    public long updatePeriod() {
        return settings.can().updatePeriodMillis();
    }

    /** Skewed capabilities (most nodes small, few large), drawn from the grid's seed. */
    public Capabilities skewedCapabilities() {
        return SKEWED.nextCapabilities(driver);
    }

    /** {@code count} skewed capabilities, drawn from the grid's seed. */
    public List<Capabilities> skewedPopulation(int count) {
        List<Capabilities> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(skewedCapabilities());
        }
        return out;
    }

    /**
     * Builds the overlay by joins spread over five update periods, waits for it to settle with every node in
     * it (failing if it does not within sixty periods), and starts the client.
     */
    public MatchGrid build(List<Capabilities> population) {
        long spread = JOIN_PERIODS * updatePeriod();
        addNode(population.get(0));
        for (int i = 1; i < population.size(); i++) {
            Capabilities caps = population.get(i);
            sim.at(i * spread / population.size(), () -> addNode(caps));
        }
        sim.runUntil(spread + updatePeriod());
        if (!settle(MAX_SETTLE_PERIODS) || activeIds().size() != population.size()) {
            throw new AssertionError("seed " + seed + ": the overlay did not settle with its " + population.size()
                    + " nodes: " + inspect().describe());
        }
        client();
        return this;
    }

    /** Runs period by period until the overlay is settled with every active node in it; false if it never is. */
    public boolean settle(int maxPeriods) {
        for (int period = 0; period <= maxPeriods; period++) {
            if (period > 0) {
                sim.runFor(updatePeriod());
            }
            if (isSettled()) {
                return true;
            }
        }
        return false;
    }

    public boolean isSettled() {
        for (Map.Entry<NodeId, JobNode<CanOverlay>> n : nodes.entrySet()) {
            // A node added but not yet started is still IDLE: it, too, is on its way in.
            CanPhase phase = n.getValue().overlay().can().phase();
            if ((phase == CanPhase.IDLE || phase == CanPhase.JOINING) && sim.isAlive(n.getKey())) {
                return false;
            }
        }
        return inspect().settled();
    }

    public OverlayInspector.Report inspect() {
        return OverlayInspector.inspect(activeCans());
    }

    /** Adds a node now: the first starts the grid, the others join through three random active nodes. */
    public NodeId addNode(Capabilities caps) {
        List<NodeId> bootstraps = new ArrayList<>(3);
        if (!nodes.isEmpty()) {
            for (int i = 0; i < 3; i++) {
                bootstraps.add(randomActive());
            }
        }
        NodeId id = sim.addNode(ctx -> CanGridNodes.create(ctx, settings, caps, bootstraps));
        nodes.put(id, CanGridNodes.of(sim.program(id)));
        ids.add(id);
        return id;
    }

    /**
     * A random active node. It draws among all nodes ever added until an active one comes up (the first active
     * one after a thousand misses) rather than once among the active ones: the grids that tests' seeds build,
     * some found by search, depend on these draws.
     */
    public NodeId randomActive() {
        for (int tries = 0; tries < 1000; tries++) {
            NodeId id = ids.get(driver.nextInt(ids.size()));
            if (isActive(id)) {
                return id;
            }
        }
        List<NodeId> active = activeIds();
        if (active.isEmpty()) {
            throw new IllegalStateException("seed " + seed + ": no active grid node left");
        }
        return active.get(0);
    }

    public boolean isActive(NodeId id) {
        return nodes.get(id).overlay().can().phase() == CanPhase.ACTIVE && sim.isAlive(id);
    }

    /** The active nodes, in the order they were added. */
    public List<NodeId> activeIds() {
        return ids.stream().filter(this::isActive).toList();
    }

    public List<JobNode<CanOverlay>> active() {
        return activeIds().stream().map(nodes::get).toList();
    }

    public List<CanNode> activeCans() {
        return activeIds().stream().map(id -> nodes.get(id).overlay().can()).toList();
    }

    /** The node of this id, or null if the grid has none. */
    public JobNode<CanOverlay> node(NodeId id) {
        return nodes.get(id);
    }

    public Capabilities capabilities(NodeId id) {
        return nodes.get(id).overlay().can().capabilities();
    }

    /**
     * The client, started the first time it is asked for (the simulation then runs one millisecond, so that it
     * takes submissions at once). It enters the grid through random active nodes.
     */
    public JobClient client() {
        if (client == null) {
            NodeId id = sim.addNode(ctx -> new JobClient(ctx, settings.jobs(), settings.events(), this::randomActive));
            client = sim.program(id, JobClient.class);
            sim.runFor(1);
        }
        return client;
    }

    /** Has the client submit {@code spec} at simulated time {@code at}. */
    public void submit(long at, JobSpec spec) {
        JobClient c = client();
        scheduled++;
        sim.at(at, () -> {
            c.submit(spec);
            submitted++;
        });
    }

    /** Has {@code watcher} see every decision of matchmaking when its run node queues the job (an ASSIGNED entry). */
    public void onAssignment(Consumer<JobLog.Entry> watcher) {
        log.onEntry(e -> {
            if (e.kind() == JobLog.Kind.ASSIGNED) {
                watcher.accept(e);
            }
        });
    }

    public void onSend(Consumer<Sent> watcher) {
        sendWatchers.add(watcher);
    }

    /** Runs until every scheduled submission was made and has ended at the client, or {@code deadline}. */
    public boolean runUntilDone(long deadline) {
        return sim.runUntil(() -> submitted == scheduled && client.unfinished() == 0, deadline);
    }

    /** What became of every job submitted, in order of first submission. */
    public Map<JobId, Fate> fates() {
        Map<JobId, Fate> fates = new LinkedHashMap<>();
        log.profiles().forEach((id, job) -> fates.put(id, Fate.of(log, job)));
        return fates;
    }

    public List<Fate> fates(Predicate<Fate> which) {
        return fates().values().stream().filter(which).toList();
    }

    /**
     * No job lost: every submission ended at the client, each exactly once, COMPLETED or NO_MATCH, and
     * every job the grid accepted recorded its final state once.
     */
    public void assertNoJobLost() {
        String context = "seed " + seed;
        assertThat(submitted).as(context).isEqualTo(scheduled);
        assertThat(client.unfinished()).as(context + ": jobs the client still waits for").isZero();
        assertThat(client.finishedCount()).as(context + ": submissions ended").isEqualTo(scheduled);
        assertThat(fates().values()).as(context).allSatisfy(f -> {
            assertThat(f.finals()).as(context + ": final states of " + f.job().id()).hasSize(1);
            assertThat(f.finals().get(0)).as(context).isIn(JobState.COMPLETED, JobState.NO_MATCH);
        });
    }
}
