package io.cangrid.load;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.sim.CapabilityPoints;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.match.CanGridNodes;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.jobs.JobNode;
import io.cangrid.can.match.GridSettings;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.CanPLocator;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobClient;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Test driver: a grid of CAN-P nodes in the deterministic simulation, built by joins from one seed, with a
 * client to queue jobs on it and read-outs of what the nodes publish. Everything it does derives from the
 * seed, so a failing seed reproduces the run.
 */
final class LoadGrid {

    static final long UPDATE_PERIOD_MILLIS = 1_000;
    static final long HEARTBEAT_MILLIS = 10_000;
    /** Work of a job that never finishes within a test: its node's queue stays as it is. */
    static final double ENDLESS_WORK = 1e9;

    /** Where the nodes sit in the resource space. */
    enum Population {
        /** Skewed desktop machines: few capability levels, so many nodes share their real coordinates. */
        SKEWED,
        /** Capabilities that normalise to uniform points of the space. */
        UNIFORM
    }

    private static final CapabilityPoints LEVELS = new CapabilityPoints();

    final Simulation sim;
    final ResourceSchema schema = ResourceSchema.defaultSchema();
    final GridSettings settings;
    final Recorder events = new Recorder();
    private final RandomGenerator driver;
    private final List<JobNode<CanOverlay>> nodes = new ArrayList<>();
    private JobClient client;

    LoadGrid(long seed, CanPConfig config) {
        this(seed, config, UPDATE_PERIOD_MILLIS, HEARTBEAT_MILLIS);
    }

    LoadGrid(long seed, CanPConfig config, long updatePeriodMillis, long heartbeatMillis) {
        this.sim = new Simulation(SimulationConfig.defaults(seed));
        this.driver = new SplitMix64(SplitMix64.derive(seed, 0x5eed));
        this.settings = GridSettings.simulated(CanConfig.withUpdatePeriod(updatePeriodMillis),
                JobConfig.withHeartbeat(heartbeatMillis), schema, CanPLocator.factory(schema, config), events);
    }

    long updatePeriod() {
        return settings.can().updatePeriodMillis();
    }

    Capabilities capabilities(Population population) {
        if (population == Population.SKEWED) {
            return LEVELS.nextCapabilities(driver);
        }
        // Inverse of the default schema's normalisation: uniform in [0,1] on every real axis.
        double cpu = 0.25 + 7.75 * driver.nextDouble();
        double memory = 256 * Math.pow(1024, driver.nextDouble());
        double disk = Math.pow(16384, driver.nextDouble());
        return new Capabilities(cpu, memory, disk);
    }

    /** Adds a node now: the first starts the grid, the others join through random active nodes. */
    JobNode<CanOverlay> addNode(Capabilities caps) {
        List<NodeId> bootstraps = new ArrayList<>(3);
        if (!nodes.isEmpty()) {
            for (int i = 0; i < 3; i++) {
                bootstraps.add(randomActive().overlay().can().id());
            }
        }
        NodeId id = sim.addNode(ctx -> CanGridNodes.create(ctx, settings, caps, bootstraps));
        JobNode<CanOverlay> node = CanGridNodes.of(sim.program(id));
        nodes.add(node);
        return node;
    }

    /** Adds {@code count} nodes, one every {@code gapMillis}, then waits for the overlay to settle. */
    void grow(int count, Population population, long gapMillis) {
        for (int i = 0; i < count; i++) {
            addNode(capabilities(population));
            sim.runFor(gapMillis);
        }
    }

    /**
     * Builds the grid from {@code population} by joins spread over {@code joinPeriods} update periods, then
     * waits for the overlay to settle; false if it does not within {@code maxPeriods}.
     */
    boolean build(List<Capabilities> population, int joinPeriods, int maxPeriods) {
        long spread = joinPeriods * updatePeriod();
        addNode(population.get(0));
        for (int i = 1; i < population.size(); i++) {
            Capabilities caps = population.get(i);
            sim.at(i * spread / population.size(), () -> addNode(caps));
        }
        sim.runUntil(spread + updatePeriod());
        return settle(maxPeriods) && active().size() == population.size();
    }

    /** Runs period by period until the overlay is settled with every active node in it; false if it never is. */
    boolean settle(int maxPeriods) {
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

    boolean isSettled() {
        for (JobNode<CanOverlay> n : nodes) {
            // A node added but not yet started is still IDLE: it, too, is on its way in.
            CanPhase phase = n.overlay().can().phase();
            if ((phase == CanPhase.IDLE || phase == CanPhase.JOINING) && sim.isAlive(n.overlay().can().id())) {
                return false;
            }
        }
        return inspect().settled();
    }

    OverlayInspector.Report inspect() {
        return OverlayInspector.inspect(activeCans());
    }

    JobNode<CanOverlay> randomActive() {
        for (int tries = 0; tries < 1000; tries++) {
            JobNode<CanOverlay> n = nodes.get(driver.nextInt(nodes.size()));
            if (isActive(n)) {
                return n;
            }
        }
        return active().get(0);
    }

    boolean isActive(JobNode<CanOverlay> n) {
        return n.overlay().can().phase() == CanPhase.ACTIVE && sim.isAlive(n.overlay().can().id());
    }

    List<JobNode<CanOverlay>> active() {
        List<JobNode<CanOverlay>> out = new ArrayList<>();
        for (JobNode<CanOverlay> n : nodes) {
            if (isActive(n)) {
                out.add(n);
            }
        }
        return out;
    }

    List<CanNode> activeCans() {
        List<CanNode> out = new ArrayList<>();
        for (JobNode<CanOverlay> n : active()) {
            out.add(n.overlay().can());
        }
        return out;
    }

    JobNode<CanOverlay> node(NodeId id) {
        for (JobNode<CanOverlay> n : nodes) {
            if (n.overlay().can().id().equals(id)) {
                return n;
            }
        }
        return null;
    }

    /** What {@code node} publishes now. */
    static LoadState loadsOf(JobNode<CanOverlay> node) {
        return ((CanPLocator) node.locator()).publishedLoads();
    }

    JobClient client() {
        if (client == null) {
            NodeId id = sim.addNode(ctx -> new JobClient(ctx, settings.jobs(), events, () -> randomActive().overlay().can().id()));
            client = sim.program(id, JobClient.class);
            sim.runFor(1);
        }
        return client;
    }

    /** Submits {@code count} unconstrained jobs that never finish: each lengthens some node's queue for good. */
    void submitEndless(int count) {
        for (int i = 0; i < count; i++) {
            client().submit(JobSpec.of(Requirements.none(schema.realDimensions()), ENDLESS_WORK));
        }
    }

    /** Runs until {@code expected} jobs have been queued in all, at most {@code maxMillis}; whether they were. */
    boolean runUntilAllQueued(int expected, long maxMillis) {
        return sim.runUntil(() -> events.assigned >= expected, sim.now() + maxMillis);
    }

    int totalQueueLength() {
        int total = 0;
        for (JobNode<CanOverlay> n : active()) {
            total += n.agent().queue().length();
        }
        return total;
    }

    /** Counts assignments and final states, and remembers when a queue last changed. */
    static final class Recorder implements JobEvents {
        int assigned;
        int pushed;
        long lastQueueChangeAt = -1;
        final Map<JobId, JobState> finished = new HashMap<>();
        final List<JobProfile> noMatch = new ArrayList<>();
        int duplicateFinishes;
        /** Submission to first start, summed over the jobs that started. */
        long waitedMillis;
        int startedJobs;
        private final Set<JobId> started = new HashSet<>();

        long count(JobState state) {
            return finished.values().stream().filter(s -> s == state).count();
        }

        @Override
        public void finished(JobProfile job, JobState state, String reason, long at) {
            if (finished.put(job.id(), state) != null) {
                duplicateFinishes++;
            } else if (state == JobState.NO_MATCH) {
                noMatch.add(job);
            }
        }

        @Override
        public void assigned(JobProfile job, NodeId runNode, MatchTrace trace, int queueAhead, long at) {
            assigned++;
            if (trace.pushed()) {
                pushed++;
            }
            lastQueueChangeAt = Math.max(lastQueueChangeAt, at);
        }

        @Override
        public void started(JobProfile job, NodeId runNode, long at) {
            if (started.add(job.id())) {
                waitedMillis += at - job.submittedAt();
                startedJobs++;
            }
        }

        double meanWaitSeconds() {
            return startedJobs == 0 ? 0 : waitedMillis / 1000.0 / startedJobs;
        }

        @Override
        public void runEnded(JobProfile job, NodeId runNode, long at) {
            lastQueueChangeAt = Math.max(lastQueueChangeAt, at);
        }
    }
}
