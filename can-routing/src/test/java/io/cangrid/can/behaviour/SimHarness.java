package io.cangrid.can.behaviour;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.inspect.NodeReport;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.can.message.RoutingProbe;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** The deterministic simulation as a behaviour-suite runtime. */
final class SimHarness implements OverlayHarness {

    private final CanSimulation grid;
    private final long period;

    SimHarness(long periodMillis, long seed) {
        this.period = periodMillis;
        this.grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)),
                CanConfig.withUpdatePeriod(periodMillis), PointSource.uniform(3), new SplittableRandom(seed));
    }

    @Override
    public long periodMillis() {
        return period;
    }

    @Override
    public NodeId addNode(Point point) {
        return grid.addNode(point, new Capabilities());
    }

    @Override
    public void leave(NodeId node) {
        grid.leave(node);
    }

    @Override
    public void crash(NodeId node) {
        grid.crash(node);
    }

    @Override
    public void pass(long millis) {
        grid.simulation().runFor(millis);
    }

    @Override
    public Snapshot snapshot() {
        List<NodeReport> active = new ArrayList<>();
        int joining = 0;
        for (CanNode n : grid.allNodes()) {
            if (!grid.simulation().isAlive(n.id())) {
                continue;
            }
            if (n.phase() == CanPhase.ACTIVE) {
                active.add(NodeReport.of(n));
            } else if (n.phase() == CanPhase.JOINING) {
                joining++;
            }
        }
        return new Snapshot(active, joining);
    }

    @Override
    public Map<Long, NodeId> route(List<NodeId> sources, List<Point> targets, long waitMillis) {
        Map<Long, NodeId> arrived = new HashMap<>();
        for (CanNode n : grid.activeNodes()) {
            n.setRoutedHandler((target, payload, hops) -> {
                if (payload instanceof RoutingProbe p) {
                    arrived.put(p.id(), n.id());
                }
            });
        }
        for (int i = 0; i < sources.size(); i++) {
            grid.node(sources.get(i)).route(targets.get(i), new RoutingProbe(i));
        }
        grid.simulation().runUntil(() -> arrived.size() == targets.size(), grid.simulation().now() + waitMillis);
        return arrived;
    }

    @Override
    public void close() {
    }
}
