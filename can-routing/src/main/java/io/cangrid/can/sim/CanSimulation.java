package io.cangrid.can.sim;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanNodeProgram;
import io.cangrid.can.CanPhase;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Drives a CAN overlay inside a {@link Simulation}: adds joining nodes, makes nodes leave or crash, and
 * waits for the overlay to settle, which the {@link OverlayInspector} decides. Tests and the routing
 * benchmark are written on top of it. Driver code: it sees the whole simulation, protocol code never does.
 */
public final class CanSimulation {

    private static final Capabilities NO_CAPABILITIES = new Capabilities();

    private final Simulation sim;
    private final CanConfig config;
    private final PointSource points;
    private final RandomGenerator driverRandom;
    private final List<CanNode> nodes = new ArrayList<>();

    public CanSimulation(Simulation sim, CanConfig config, PointSource points, RandomGenerator driverRandom) {
        this.sim = sim;
        this.config = config;
        this.points = points;
        this.driverRandom = driverRandom;
    }

    public Simulation simulation() {
        return sim;
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
        NodeId id = sim.addNode(ctx -> new CanNodeProgram(ctx, config, point, capabilities, bootstraps));
        nodes.add(sim.program(id, CanNodeProgram.class).can());
        return id;
    }

    /** A uniformly chosen active node. */
    public CanNode randomActive() {
        for (int tries = 0; tries < 1000; tries++) {
            CanNode n = nodes.get(driverRandom.nextInt(nodes.size()));
            if (n.phase() == CanPhase.ACTIVE && sim.isAlive(n.id())) {
                return n;
            }
        }
        for (CanNode n : nodes) {
            if (n.phase() == CanPhase.ACTIVE && sim.isAlive(n.id())) {
                return n;
            }
        }
        throw new IllegalStateException("no active node left");
    }

    public void crash(NodeId id) {
        sim.crash(id);
    }

    public void leave(NodeId id) {
        sim.requestLeave(id);
    }

    /** Every node ever added, in order of addition (dead ones included). */
    public List<CanNode> allNodes() {
        return nodes;
    }

    public CanNode node(NodeId id) {
        return nodes.get((int) id.value());
    }

    /** Nodes alive in the simulation and active on the overlay. */
    public List<CanNode> activeNodes() {
        List<CanNode> out = new ArrayList<>();
        for (CanNode n : nodes) {
            if (n.phase() == CanPhase.ACTIVE && sim.isAlive(n.id())) {
                out.add(n);
            }
        }
        return out;
    }

    public int activeCount() {
        int c = 0;
        for (CanNode n : nodes) {
            if (n.phase() == CanPhase.ACTIVE && sim.isAlive(n.id())) {
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
        for (int period = 0; period <= maxPeriods; period++) {
            if (period > 0) {
                sim.runFor(config.updatePeriodMillis());
            }
            if (joiningCount() == 0 && inspect().settled()) {
                return period;
            }
        }
        return -1;
    }

    private int joiningCount() {
        int c = 0;
        for (CanNode n : nodes) {
            if (n.phase() == CanPhase.JOINING && sim.isAlive(n.id())) {
                c++;
            }
        }
        return c;
    }
}
