package io.cangrid.simulator.run;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.match.GridNode;
import io.cangrid.can.match.GridSettings;
import io.cangrid.can.match.LocatorFactory;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.JobClient;
import io.cangrid.overlay.job.JobConfig;
import io.cangrid.overlay.job.JobEvents;
import io.cangrid.overlay.job.JobProfile;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.sim.SplitMix64;
import io.cangrid.simulator.baseline.GlobalView;
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

/** Runs one workload under one locator in the deterministic simulation. */
public final class GridExperiment {

    private static final Logger log = LoggerFactory.getLogger(GridExperiment.class);

    /** Joins spread over this many update periods: a realistic start, and cheap. */
    private static final int JOIN_PERIODS = 5;
    private static final int MAX_SETTLE_PERIODS = 60;
    private static final long DRIVER_STREAM = 0x6a09e667f3bcc908L;

    private final Workload workload;
    private final RunSettings settings;
    private final Simulation sim;
    private final RandomGenerator driverRandom;
    private final List<GridNode> nodes = new ArrayList<>();
    private final GlobalView view;
    private final GridSettings grid;
    private JobClient client;
    private int submitted;

    private GridExperiment(Workload workload, RunSettings settings, JobEvents events) {
        this.workload = workload;
        this.settings = settings;
        this.sim = new Simulation(SimulationConfig.defaults(settings.seed()).withLatency(settings.latency()));
        this.driverRandom = new SplitMix64(SplitMix64.derive(settings.seed(), DRIVER_STREAM));
        this.view = new GlobalView(sim);
        JobEvents sink = new OracleBookkeeping(events, view);
        LocatorFactory locators = LocatorCatalog.factory(settings.locator(), workload.schema(), view);
        this.grid = GridSettings.simulated(CanConfig.withUpdatePeriod(settings.updatePeriodMillis()),
                JobConfig.withHeartbeat(settings.heartbeatMillis()), workload.schema(), locators, sink);
    }

    /**
     * Builds the grid from the workload's nodes by joins, lets it settle, submits every job at its arrival
     * time through a client at a random live node, applies the churn, and runs until every job reached a
     * final state or the drain limit passed. Every job event goes to {@code events}.
     */
    public static RunStats run(Workload workload, RunSettings settings, JobEvents events) {
        return new GridExperiment(workload, settings, events).run();
    }

    private RunStats run() {
        // The driver, not protocol code, times the run on the wall clock: the figure is only logged, never
        // part of the results, so reports stay identical from one run to the next.
        long wallStart = System.nanoTime();
        build();
        long start = sim.now();
        long messagesBefore = sim.messagesSent();
        long eventsBefore = sim.eventsProcessed();
        NodeId clientId = sim.addNode(ctx -> new JobClient(ctx, grid.jobs(), grid.events(), this::randomActive));
        client = sim.program(clientId, JobClient.class);
        for (JobArrival arrival : workload.jobs()) {
            sim.at(start + arrival.atMillis(), () -> {
                client.submit(arrival.spec());
                submitted++;
            });
        }
        for (ChurnEvent event : workload.churn()) {
            sim.at(start + event.atMillis(), () -> apply(event));
        }
        long lastArrival = workload.jobs().isEmpty() ? 0 : workload.jobs().get(workload.jobs().size() - 1).atMillis();
        long deadline = start + lastArrival + settings.drainLimitMillis();
        boolean drained = sim.runUntil(() -> submitted == workload.jobs().size() && client.unfinished() == 0, deadline);
        if (!drained) {
            log.warn("{} seed {}: {} job(s) still unfinished at the drain limit", settings.locator(), settings.seed(),
                    client.unfinished());
        }
        Map<NodeId, Capabilities> capabilities = new HashMap<>();
        for (GridNode node : nodes) {
            capabilities.put(node.can().id(), node.can().capabilities());
        }
        return new RunStats(workload.nodes().size(), sim.messagesSent() - messagesBefore,
                sim.eventsProcessed() - eventsBefore, start, sim.now(), client.unfinished(),
                (System.nanoTime() - wallStart) / 1e9, capabilities);
    }

    private void build() {
        long spread = JOIN_PERIODS * settings.updatePeriodMillis();
        List<Capabilities> population = workload.nodes();
        addNode(population.get(0));
        for (int i = 1; i < population.size(); i++) {
            Capabilities caps = population.get(i);
            sim.at(i * spread / population.size(), () -> addNode(caps));
        }
        sim.runUntil(spread + settings.updatePeriodMillis());
        for (int period = 0; period < MAX_SETTLE_PERIODS; period++) {
            OverlayInspector.Report report = OverlayInspector.inspect(activeCans());
            if (report.settled() && report.nodes() == population.size()) {
                return;
            }
            sim.runFor(settings.updatePeriodMillis());
        }
        log.warn("{} seed {}: the overlay did not settle within {} update periods: {}", settings.locator(),
                settings.seed(), MAX_SETTLE_PERIODS, OverlayInspector.inspect(activeCans()).describe());
    }

    private void addNode(Capabilities caps) {
        List<NodeId> bootstraps = new ArrayList<>(3);
        if (!nodes.isEmpty()) {
            for (int i = 0; i < 3; i++) {
                bootstraps.add(randomActive());
            }
        }
        NodeId id = sim.addNode(ctx -> new GridNode(ctx, grid, caps, bootstraps));
        GridNode node = sim.program(id, GridNode.class);
        nodes.add(node);
        view.add(node);
    }

    private void apply(ChurnEvent event) {
        switch (event.kind()) {
            case JOIN -> addNode(event.capabilities());
            case LEAVE -> {
                NodeId id = randomActive();
                sim.requestLeave(id);
            }
            case CRASH -> {
                NodeId id = randomActive();
                GridNode node = nodeOf(id);
                JobProfile running = node.agent().queue().runningJob();
                sim.crash(id);
                if (running != null) {
                    // The crashed node stops being busy now; no protocol event will say so.
                    grid.events().runEnded(running, id, sim.now());
                }
            }
        }
    }

    private GridNode nodeOf(NodeId id) {
        for (GridNode n : nodes) {
            if (n.can().id().equals(id)) {
                return n;
            }
        }
        throw new IllegalArgumentException("no grid node " + id);
    }

    private NodeId randomActive() {
        for (int tries = 0; tries < 1000; tries++) {
            GridNode n = nodes.get(driverRandom.nextInt(nodes.size()));
            if (isActive(n)) {
                return n.can().id();
            }
        }
        for (GridNode n : nodes) {
            if (isActive(n)) {
                return n.can().id();
            }
        }
        throw new IllegalStateException("no active grid node left");
    }

    private boolean isActive(GridNode n) {
        return n.can().phase() == CanPhase.ACTIVE && sim.isAlive(n.can().id());
    }

    private List<CanNode> activeCans() {
        List<CanNode> out = new ArrayList<>();
        for (GridNode n : nodes) {
            if (isActive(n)) {
                out.add(n.can());
            }
        }
        return out;
    }
}
