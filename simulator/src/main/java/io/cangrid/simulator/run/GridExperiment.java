package io.cangrid.simulator.run;

import io.cangrid.simulator.locator.LocatorCatalog;
import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobClient;
import io.cangrid.jobs.ExecutionFactory;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.jobs.OwnerPolicy;
import io.cangrid.simulator.scenario.OwnerModel;
import io.cangrid.jobs.MachineAd;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.sim.SplitMix64;
import io.cangrid.simulator.baseline.GlobalView;
import io.cangrid.overlay.runtime.GridRuntime;
import io.cangrid.overlay.runtime.SteppableRuntime;
import io.cangrid.simulator.workload.ChurnEvent;
import io.cangrid.simulator.workload.JobArrival;
import io.cangrid.simulator.workload.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one workload under one locator on a {@link GridRuntime}: builds the grid by joins, lets it settle,
 * injects the jobs through a client node at their arrival times, applies the churn, and drains. It reads
 * nodes only through the runtime and the kernel's {@link JobNode}, so the same driver serves every runtime
 * that hosts the nodes in one process.
 *
 * <p>The run is a sequence of phases, each entered by a call the host makes at the right time:
 * {@link #begin()} schedules the joins; {@link #checkSettled()} is called at every update period from
 * {@link #firstSettleCheckMillis()} on, and starts the workload once the overlay has settled;
 * {@link #scheduleArrivals} and {@link #scheduleChurn} hand the runtime the events of a window of time;
 * {@link #finished()} says when to stop and {@link #stats()} what the run measured. A runtime that can be
 * run to a time ({@link SteppableRuntime}, the deterministic simulation) gets the whole sequence from
 * {@link #run()}; an engine that owns its event loop, such as PeerSim, makes the calls from its controls.
 */
public final class GridExperiment {

    private static final Logger log = LoggerFactory.getLogger(GridExperiment.class);

    /** Joins spread over this many update periods: a realistic start, and cheap. */
    private static final int JOIN_PERIODS = 5;
    private static final int MAX_SETTLE_PERIODS = 60;
    private static final long DRIVER_STREAM = 0x6a09e667f3bcc908L;
    private static final long CHURN_STREAM = 0xa54ff53a5f1d36f1L;
    /** The first of the owners' streams, one per node in the order nodes are added. */
    private static final long OWNERS_STREAM = 0x3c6ef372fe94f82bL;

    private final Workload workload;
    private final RunSettings settings;
    private final GridRuntime runtime;
    private final RandomGenerator driverRandom;
    /** Whom jobs are submitted through, one draw a job. */
    private final SteadyPick injections;
    /** Which machines the churn takes away and whom its joiners contact: a stream of its own. */
    private final SteadyPick churnPicks;
    /** Machines the churn took away (left or crashed), whatever their nodes were doing then, and when. */
    private final Map<NodeId, Long> departed = new LinkedHashMap<>();
    private final List<JobNode<?>> nodes = new ArrayList<>();
    private final GlobalView view;
    private final JobNodeSettings grid;
    private final GridKind kind;
    private JobClient client;
    private int submitted;
    private int settleChecks;
    private boolean started;
    private long start;
    private long messagesBefore;
    private long eventsBefore;
    private int nextArrival;
    private int nextChurn;
    private boolean handOverFirstPeriod;
    private long nextSettleCheck = -1;
    // The driver, not protocol code, times the run on the wall clock: the figure is only logged, never
    // part of the results, so reports stay identical from one run to the next.
    private long wallStart;

    GridExperiment(GridRuntime runtime, Workload workload, RunSettings settings, JobEvents events,
            GridKind.Factory kinds) {
        this.workload = workload;
        this.settings = settings;
        this.runtime = runtime;
        this.driverRandom = new SplitMix64(SplitMix64.derive(settings.seed(), DRIVER_STREAM));
        this.injections = new SteadyPick(driverRandom);
        this.churnPicks = new SteadyPick(new SplitMix64(SplitMix64.derive(settings.seed(), CHURN_STREAM)));
        this.view = new GlobalView(runtime);
        this.grid = new JobNodeSettings(JobConfig.withHeartbeat(settings.heartbeatMillis()), workload.schema(),
                new OracleBookkeeping(events, view), ExecutionFactory.simulated());
        this.kind = kinds.create(settings, grid, view);
    }

    /** A run of {@code workload} under the locator {@code settings} names, hosted on {@code runtime}. */
    public static GridExperiment on(GridRuntime runtime, Workload workload, RunSettings settings, JobEvents events) {
        return new GridExperiment(runtime, workload, settings, events, GridKind.forLocator(settings.locator()));
    }

    /** The deterministic simulation a run of {@code settings} is hosted on. */
    static SteppableRuntime simulation(RunSettings settings) {
        return new Simulation(SimulationConfig.defaults(settings.seed())
                .withLatency(settings.latency()).withWire(settings.effectiveWire()));
    }

    /**
     * Builds the grid from the workload's nodes by joins, lets it settle, submits every job at its arrival
     * time through a client at a random live node, applies the churn, and runs until every job reached a
     * final state or the drain limit passed. Every job event goes to {@code events}.
     */
    public static RunStats run(Workload workload, RunSettings settings, JobEvents events) {
        return new GridExperiment(simulation(settings), workload, settings, events,
                GridKind.forLocator(settings.locator())).run();
    }

    /** The whole run on a runtime the driver can run to a time. */
    RunStats run() {
        if (!(runtime instanceof SteppableRuntime steppable)) {
            throw new IllegalStateException(runtime.getClass().getSimpleName()
                    + " owns its event loop: drive the run through its phases instead");
        }
        begin();
        steppable.runUntil(firstSettleCheckMillis());
        while (!checkSettled()) {
            steppable.runUntil(runtime.now() + settings.updatePeriodMillis());
        }
        scheduleArrivals(Long.MAX_VALUE);
        scheduleChurn(Long.MAX_VALUE);
        boolean drained = steppable.runUntil(this::allJobsEnded, deadlineMillis());
        if (!drained) {
            log.warn("{} seed {}: {} job(s) still unfinished at the drain limit", settings.locator(), settings.seed(),
                    client.unfinished());
        }
        return stats();
    }

    /** Phase 1, at time 0: adds the first node now and schedules the others' joins. */
    public void begin() {
        wallStart = System.nanoTime();
        long spread = joinSpreadMillis();
        List<Capabilities> population = workload.nodes();
        addNode(population.get(0));
        for (int i = 1; i < population.size(); i++) {
            Capabilities caps = population.get(i);
            runtime.at(i * spread / population.size(), () -> addNode(caps));
        }
    }

    /** When the overlay is first checked: a period after the last join. */
    public long firstSettleCheckMillis() {
        return joinSpreadMillis() + settings.updatePeriodMillis();
    }

    private long joinSpreadMillis() {
        return JOIN_PERIODS * settings.updatePeriodMillis();
    }

    /**
     * Phase 2, once an update period from {@link #firstSettleCheckMillis()} on: checks the overlay and,
     * once it has settled (or the settle limit has passed), starts the workload now. Returns whether the
     * workload has started.
     */
    public boolean checkSettled() {
        if (started) {
            return true;
        }
        if (settleChecks < MAX_SETTLE_PERIODS) {
            settleChecks++;
            if (!kind.settled(activeNodes(), workload.nodes().size())) {
                return false;
            }
        } else {
            log.warn("{} seed {}: the overlay did not settle within {} update periods: {}", settings.locator(),
                    settings.seed(), MAX_SETTLE_PERIODS, kind.describe(activeNodes()));
        }
        startWorkload();
        return true;
    }

    private void startWorkload() {
        started = true;
        start = runtime.now();
        messagesBefore = runtime.messagesSent();
        eventsBefore = runtime.eventsProcessed();
        NodeId clientId = runtime.addNode(ctx -> new JobClient(ctx, grid.jobs(), grid.events(),
                () -> injections.from(nodes, this::isActive).id()));
        client = runtime.program(clientId, JobClient.class);
        if (handOverFirstPeriod) {
            scheduleArrivals(start + settings.updatePeriodMillis());
            scheduleChurn(start + settings.updatePeriodMillis());
        }
    }

    /**
     * Makes the start of the workload hand the runtime the arrivals and churn of its first update period
     * at once: for an engine whose controls hand over later windows at a step of at most a period, so that
     * no event of the first period comes due before a control has run.
     */
    public void handOverFirstPeriodOnStart() {
        handOverFirstPeriod = true;
    }

    public long updatePeriodMillis() {
        return settings.updatePeriodMillis();
    }

    /**
     * For an engine whose control calls the driver at a regular step (of at most an update period): makes
     * the settle check that has come due, if any, and says whether the run is over.
     */
    public boolean advance() {
        if (!started) {
            if (nextSettleCheck < 0) {
                nextSettleCheck = firstSettleCheckMillis();
            }
            if (runtime.now() >= nextSettleCheck) {
                nextSettleCheck += settings.updatePeriodMillis();
                checkSettled();
            }
            return false;
        }
        return finished();
    }

    public boolean hasStarted() {
        return started;
    }

    /** Phase 3: hands the runtime every job arrival due up to {@code untilMillis} not handed over yet. */
    public void scheduleArrivals(long untilMillis) {
        List<JobArrival> jobs = workload.jobs();
        while (started && nextArrival < jobs.size() && start + jobs.get(nextArrival).atMillis() <= untilMillis) {
            JobArrival arrival = jobs.get(nextArrival++);
            runtime.at(start + arrival.atMillis(), () -> {
                client.submit(arrival.spec());
                submitted++;
            });
        }
    }

    /** Phase 3: hands the runtime every churn event due up to {@code untilMillis} not handed over yet. */
    public void scheduleChurn(long untilMillis) {
        List<ChurnEvent> churn = workload.churn();
        while (started && nextChurn < churn.size() && start + churn.get(nextChurn).atMillis() <= untilMillis) {
            ChurnEvent event = churn.get(nextChurn++);
            runtime.at(start + event.atMillis(), () -> apply(event));
        }
    }

    /** The time the run stops at if jobs are still unfinished: the drain limit after the last arrival. */
    public long deadlineMillis() {
        List<JobArrival> jobs = workload.jobs();
        long lastArrival = jobs.isEmpty() ? 0 : jobs.get(jobs.size() - 1).atMillis();
        return start + lastArrival + settings.drainLimitMillis();
    }

    private boolean allJobsEnded() {
        return submitted == workload.jobs().size() && client.unfinished() == 0;
    }

    /** Phase 4: whether the run is over, every job ended or the drain limit reached. */
    public boolean finished() {
        return started && (allJobsEnded() || runtime.now() >= deadlineMillis());
    }

    /** The machines the churn took away so far, and when. */
    Map<NodeId, Long> departures() {
        return Map.copyOf(departed);
    }

    /** What the run measured, from the workload's start to now. */
    public RunStats stats() {
        if (!started) {
            throw new IllegalStateException("the workload has not started");
        }
        Map<NodeId, Capabilities> capabilities = new HashMap<>();
        Map<NodeId, MachineAd> machines = new HashMap<>();
        for (JobNode<?> node : nodes) {
            capabilities.put(node.id(), node.capabilities());
            MachineAd machine = node.agent().queue().machine();
            if (machine != null) {
                machines.put(node.id(), machine);
            }
        }
        return new RunStats(workload.nodes().size(), runtime.messagesSent() - messagesBefore,
                runtime.eventsProcessed() - eventsBefore, start, runtime.now(), client.unfinished(),
                (System.nanoTime() - wallStart) / 1e9, capabilities, machines);
    }

    private void addNode(Capabilities caps) {
        List<NodeId> bootstraps = new ArrayList<>(3);
        if (!nodes.isEmpty()) {
            for (int i = 0; i < 3; i++) {
                bootstraps.add(started ? churnPicks.from(nodes, this::isActive).id() : randomActive());
            }
        }
        NodeId id = runtime.addNode(ctx -> kind.newNode(ctx, caps, bootstraps));
        JobNode<?> node = runtime.program(id, JobNode.class);
        if (!workload.platforms().isEmpty()) {
            node.agent().matchWith(workload.platforms().adOf(nodes.size(), workload.schema(), caps));
        }
        OwnerModel owners = settings.owners();
        if (owners.enabled()) {
            // The nth node's owner draws from the nth stream of the seed, whatever the locator.
            long stream = SplitMix64.derive(settings.seed(), OWNERS_STREAM + nodes.size());
            node.agent().watchOwner(new OwnerPolicy(new SimulatedOwner(owners, stream, () -> started ? start : -1),
                    owners.pollMillis(), owners.maxSuspensionMillis(), "simulated owner"));
        }
        nodes.add(node);
        view.add(node);
    }

    private void apply(ChurnEvent event) {
        switch (event.kind()) {
            case JOIN -> addNode(event.capabilities());
            case LEAVE -> {
                NodeId id = churnPicks.from(nodes, this::present).id();
                departed.put(id, runtime.now());
                runtime.requestLeave(id);
            }
            case CRASH -> {
                NodeId id = churnPicks.from(nodes, this::present).id();
                departed.put(id, runtime.now());
                JobNode<?> node = nodeOf(id);
                List<JobProfile> running = node.agent().queue().runningJobs();
                runtime.crash(id);
                for (JobProfile job : running) {
                    // The crashed node stops being busy now; no protocol event will say so.
                    grid.events().runEnded(job, id, runtime.now());
                }
            }
        }
    }

    private JobNode<?> nodeOf(NodeId id) {
        for (JobNode<?> n : nodes) {
            if (n.id().equals(id)) {
                return n;
            }
        }
        throw new IllegalArgumentException("no grid node " + id);
    }

    /**
     * A contact for a join while the grid is built: draws until an active node comes up. Kept as it was (not
     * a {@link SteadyPick}) so that every scenario builds the grid it always built; no machine departs then.
     */
    private NodeId randomActive() {
        for (int tries = 0; tries < 1000; tries++) {
            JobNode<?> n = nodes.get(driverRandom.nextInt(nodes.size()));
            if (isActive(n)) {
                return n.id();
            }
        }
        for (JobNode<?> n : nodes) {
            if (isActive(n)) {
                return n.id();
            }
        }
        throw new IllegalStateException("no active grid node left");
    }

    /** A machine still in the grid: not taken away by the churn, and not stopped on its own. */
    private boolean present(JobNode<?> n) {
        return !departed.containsKey(n.id()) && runtime.isAlive(n.id());
    }

    private boolean isActive(JobNode<?> n) {
        return n.isActive() && runtime.isAlive(n.id());
    }

    private List<JobNode<?>> activeNodes() {
        List<JobNode<?>> out = new ArrayList<>();
        for (JobNode<?> n : nodes) {
            if (isActive(n)) {
                out.add(n);
            }
        }
        return out;
    }
}
