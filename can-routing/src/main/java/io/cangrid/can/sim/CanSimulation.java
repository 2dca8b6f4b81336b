package io.cangrid.can.sim;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanNodeProgram;
import io.cangrid.can.CanPhase;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.inspect.PartitionIndex;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.runtime.GridRuntime;
import io.cangrid.overlay.sim.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * Drives a CAN overlay on a {@link GridRuntime} (the deterministic {@link Simulation} or another engine's):
 * adds joining nodes, makes nodes leave or crash, and
 * waits for the overlay to settle, which the {@link OverlayInspector} decides. Tests and the routing
 * benchmark are written on top of it. Driver code: it sees the whole simulation, protocol code never does.
 */
public final class CanSimulation {

    private static final Capabilities NO_CAPABILITIES = new Capabilities();

    private final GridRuntime host;
    private final CanConfig config;
    private final PointSource points;
    private final RandomGenerator driverRandom;
    private final List<CanNode> nodes = new ArrayList<>();

    public CanSimulation(GridRuntime host, CanConfig config, PointSource points, RandomGenerator driverRandom) {
        this.host = host;
        this.config = config;
        this.points = points;
        this.driverRandom = driverRandom;
    }

    /** The deterministic simulation this grid runs in; other runtimes' grids have none. */
    public Simulation simulation() {
        if (host instanceof Simulation sim) {
            return sim;
        }
        throw new IllegalStateException("this grid runs in " + host.getClass().getSimpleName()
                + ", not in the deterministic simulation");
    }

    /** The runtime that hosts the grid's nodes. */
    public GridRuntime host() {
        return host;
    }

    public CanConfig config() {
        return config;
    }

    /** Adds a node now; it starts a grid when no node is live, otherwise joins through random live nodes. */
    public NodeId addNode() {
        return addNode(points.next(driverRandom), NO_CAPABILITIES);
    }

    public NodeId addNode(Point point, Capabilities capabilities) {
        List<NodeId> bootstraps = new ArrayList<>(3);
        if (!nodes.isEmpty()) {
            for (int i = 0; i < 3; i++) {
                bootstraps.add(randomActive().id());
            }
        }
        return addNode(point, capabilities, bootstraps);
    }

    /** Adds a node now that joins through {@code bootstraps} (or starts a grid when there are none). */
    public NodeId addNode(Point point, Capabilities capabilities, List<NodeId> bootstraps) {
        NodeId id = host.addNode(ctx -> new CanNodeProgram(ctx, config, point, capabilities, bootstraps));
        nodes.add(host.program(id, CanNodeProgram.class).can());
        return id;
    }

    /** A uniformly chosen active node. */
    public CanNode randomActive() {
        for (int tries = 0; tries < 1000; tries++) {
            CanNode n = nodes.get(driverRandom.nextInt(nodes.size()));
            if (n.phase() == CanPhase.ACTIVE && host.isAlive(n.id())) {
                return n;
            }
        }
        for (CanNode n : nodes) {
            if (n.phase() == CanPhase.ACTIVE && host.isAlive(n.id())) {
                return n;
            }
        }
        throw new IllegalStateException("no active node left");
    }

    public void crash(NodeId id) {
        host.crash(id);
    }

    public void leave(NodeId id) {
        host.requestLeave(id);
    }

    /** Every node ever added, in order of addition (dead ones included). */
    public List<CanNode> allNodes() {
        return nodes;
    }

    public CanNode node(NodeId id) {
        return host.program(id, CanNodeProgram.class).can();
    }

    /** Nodes alive in the simulation and active on the overlay. */
    public List<CanNode> activeNodes() {
        List<CanNode> out = new ArrayList<>();
        for (CanNode n : nodes) {
            if (n.phase() == CanPhase.ACTIVE && host.isAlive(n.id())) {
                out.add(n);
            }
        }
        return out;
    }

    public int activeCount() {
        int c = 0;
        for (CanNode n : nodes) {
            if (n.phase() == CanPhase.ACTIVE && host.isAlive(n.id())) {
                c++;
            }
        }
        return c;
    }

    public OverlayInspector.Report inspect() {
        return OverlayInspector.inspect(activeNodes());
    }

    /**
     * Runs one update period at a time until the overlay is settled or {@code maxPeriods} have passed.
     * Returns the number of periods it took (0 if already settled), or -1 if it never settled.
     */
    public int settle(int maxPeriods) {
        return settle(maxPeriods, this::settledNow);
    }

    /** As {@link #settle(int)}, asking {@code settled} (a wrapper of {@link #settledNow()}) after each period. */
    public int settle(int maxPeriods, BooleanSupplier settled) {
        for (int period = 0; period <= maxPeriods; period++) {
            if (period > 0) {
                simulation().runFor(config.updatePeriodMillis());
            }
            if (settled.getAsBoolean()) {
                return period;
            }
        }
        return -1;
    }

    /** Whether no node is still joining and the inspector finds the overlay settled. */
    public boolean settledNow() {
        return settledReport() != null;
    }

    /** The inspection that found the overlay settled; null while a node is joining or when it is not settled. */
    public OverlayInspector.Report settledReport() {
        if (joiningCount() != 0) {
            return null;
        }
        OverlayInspector.Report r = inspect();
        return r.settled() ? r : null;
    }

    /** The partition index of the active nodes, as an inspection builds it, without the checks. */
    public PartitionIndex partitionIndex() {
        return OverlayInspector.index(OverlayInspector.activeReports(activeNodes()));
    }

    private int joiningCount() {
        int c = 0;
        for (CanNode n : nodes) {
            if (n.phase() == CanPhase.JOINING && host.isAlive(n.id())) {
                c++;
            }
        }
        return c;
    }
}
