package io.cangrid.simulator.run;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.JobClient;
import io.cangrid.overlay.job.ExecutionFactory;
import io.cangrid.overlay.job.JobConfig;
import io.cangrid.overlay.job.JobEvents;
import io.cangrid.overlay.job.JobNode;
import io.cangrid.overlay.job.JobProfile;
import io.cangrid.overlay.job.JobNodeSettings;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.sim.SplitMix64;
import io.cangrid.simulator.baseline.GlobalView;
import io.cangrid.simulator.runtime.GridRuntime;
import io.cangrid.simulator.runtime.SimulationRuntime;
import io.cangrid.simulator.workload.ChurnEvent;
import io.cangrid.simulator.workload.JobArrival;
import io.cangrid.simulator.workload.Workload;
import java.util.ArrayList;
import java.util.HashMap;
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
 */
public final class GridExperiment {

    private static final Logger log = LoggerFactory.getLogger(GridExperiment.class);

    /** Joins spread over this many update periods: a realistic start, and cheap. */
    private static final int JOIN_PERIODS = 5;
    private static final int MAX_SETTLE_PERIODS = 60;
    private static final long DRIVER_STREAM = 0x6a09e667f3bcc908L;

    private final Workload workload;
    private final RunSettings settings;
    private final GridRuntime runtime;
    private final RandomGenerator driverRandom;
    private final List<JobNode<?>> nodes = new ArrayList<>();
    private final GlobalView view;
    private final JobNodeSettings grid;
    private final GridKind kind;
    private JobClient client;
    private int submitted;

    GridExperiment(GridRuntime runtime, Workload workload, RunSettings settings, JobEvents events,
            GridKind.Factory kinds) {
        this.workload = workload;
        this.settings = settings;
        this.runtime = runtime;
        this.driverRandom = new SplitMix64(SplitMix64.derive(settings.seed(), DRIVER_STREAM));
        this.view = new GlobalView(runtime);
        this.grid = new JobNodeSettings(JobConfig.withHeartbeat(settings.heartbeatMillis()), workload.schema(),
                new OracleBookkeeping(events, view), ExecutionFactory.simulated());
        this.kind = kinds.create(settings, grid, view);
    }

    /** The deterministic simulation a run of {@code settings} is hosted on. */
    static GridRuntime simulation(RunSettings settings) {
        return new SimulationRuntime(new Simulation(SimulationConfig.defaults(settings.seed())
                .withLatency(settings.latency()).withWire(settings.effectiveWire())));
    }

    /**
     * Builds the grid from the workload's nodes by joins, lets it settle, submits every job at its arrival
     * time through a client at a random live node, applies the churn, and runs until every job reached a
     * final state or the drain limit passed. Every job event goes to {@code events}.
     */
    public static RunStats run(Workload workload, RunSettings settings, JobEvents events) {
        return new GridExperiment(simulation(settings), workload, settings, events,
                LocatorCatalog.gridKinds(settings.locator())).run();
    }

    RunStats run() {
        // The driver, not protocol code, times the run on the wall clock: the figure is only logged, never
        // part of the results, so reports stay identical from one run to the next.
        long wallStart = System.nanoTime();
        build();
        long start = runtime.now();
        long messagesBefore = runtime.messagesSent();
        long eventsBefore = runtime.eventsProcessed();
        NodeId clientId = runtime.addNode(ctx -> new JobClient(ctx, grid.jobs(), grid.events(), this::randomActive));
        client = runtime.program(clientId, JobClient.class);
        for (JobArrival arrival : workload.jobs()) {
            runtime.at(start + arrival.atMillis(), () -> {
                client.submit(arrival.spec());
                submitted++;
            });
        }
        for (ChurnEvent event : workload.churn()) {
            runtime.at(start + event.atMillis(), () -> apply(event));
        }
        long lastArrival = workload.jobs().isEmpty() ? 0 : workload.jobs().get(workload.jobs().size() - 1).atMillis();
        long deadline = start + lastArrival + settings.drainLimitMillis();
        boolean drained = runtime.runUntil(() -> submitted == workload.jobs().size() && client.unfinished() == 0, deadline);
        if (!drained) {
            log.warn("{} seed {}: {} job(s) still unfinished at the drain limit", settings.locator(), settings.seed(),
                    client.unfinished());
        }
        Map<NodeId, Capabilities> capabilities = new HashMap<>();
        for (JobNode<?> node : nodes) {
            capabilities.put(node.id(), node.capabilities());
        }
        return new RunStats(workload.nodes().size(), runtime.messagesSent() - messagesBefore,
                runtime.eventsProcessed() - eventsBefore, start, runtime.now(), client.unfinished(),
                (System.nanoTime() - wallStart) / 1e9, capabilities);
    }

    private void build() {
        long spread = JOIN_PERIODS * settings.updatePeriodMillis();
        List<Capabilities> population = workload.nodes();
        addNode(population.get(0));
        for (int i = 1; i < population.size(); i++) {
            Capabilities caps = population.get(i);
            runtime.at(i * spread / population.size(), () -> addNode(caps));
        }
        runtime.runUntil(spread + settings.updatePeriodMillis());
        for (int period = 0; period < MAX_SETTLE_PERIODS; period++) {
            if (kind.settled(activeNodes(), population.size())) {
                return;
            }
            runtime.runUntil(runtime.now() + settings.updatePeriodMillis());
        }
        log.warn("{} seed {}: the overlay did not settle within {} update periods: {}", settings.locator(),
                settings.seed(), MAX_SETTLE_PERIODS, kind.describe(activeNodes()));
    }

    private void addNode(Capabilities caps) {
        List<NodeId> bootstraps = new ArrayList<>(3);
        if (!nodes.isEmpty()) {
            for (int i = 0; i < 3; i++) {
                bootstraps.add(randomActive());
            }
        }
        NodeId id = runtime.addNode(ctx -> kind.newNode(ctx, caps, bootstraps));
        JobNode<?> node = runtime.program(id, JobNode.class);
        nodes.add(node);
        view.add(node);
    }

    private void apply(ChurnEvent event) {
        switch (event.kind()) {
            case JOIN -> addNode(event.capabilities());
            case LEAVE -> {
                NodeId id = randomActive();
                runtime.requestLeave(id);
            }
            case CRASH -> {
                NodeId id = randomActive();
                JobNode<?> node = nodeOf(id);
                JobProfile running = node.agent().queue().runningJob();
                runtime.crash(id);
                if (running != null) {
                    // The crashed node stops being busy now; no protocol event will say so.
                    grid.events().runEnded(running, id, runtime.now());
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
