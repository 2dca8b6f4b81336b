package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.message.RoutingProbe;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A settled CAN overlay in the deterministic simulation with one hostile member beside it: a node with a
 * session like any other that runs no protocol and sends whatever a test makes it send. A test may also make
 * a real member send a message of its choosing (through that member's own context, so the receiver sees the
 * member's session). Between the attack's steps the grid is checked whole: tiled, exact neighbour tables,
 * every probe delivered to the owner of its point.
 */
final class HostileGrid {

    static final long PERIOD = 1_000;
    static final int DIMS = 3;

    final long seed;
    final CanSimulation grid;
    final NodeId attacker;
    private final SplittableRandom rnd;
    private HostilePeer peer;

    /** A program that only sends what it is told to: the hostile member's end of its sessions. */
    private final class HostilePeer implements NodeProgram {
        private final NodeContext ctx;

        HostilePeer(NodeContext ctx) {
            this.ctx = ctx;
            peer = this;
        }

        @Override
        public void start() {
        }

        @Override
        public void receive(NodeId from, Message message) {
            // It answers nothing: a hostile member need not.
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }

    HostileGrid(long seed, int nodes) {
        this.seed = seed;
        this.rnd = new SplittableRandom(seed);
        this.grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)), CanConfig.withUpdatePeriod(PERIOD),
                PointSource.uniform(DIMS), new SplittableRandom(seed));
        for (int i = 0; i < nodes; i++) {
            grid.addNode();
            grid.simulation().runFor(PERIOD / 4);
        }
        assertThat(grid.settle(60)).as("seed %d: the grid settles before the attack", seed).isGreaterThanOrEqualTo(0);
        this.attacker = grid.host().addNode(HostilePeer::new);
        grid.simulation().runFor(1);
    }

    /** Sends {@code m} to {@code to} on the session of {@code from}: the hostile member or a real one. */
    void send(NodeId from, NodeId to, Message m) {
        if (from.equals(attacker)) {
            peer.ctx.send(to, m);
        } else {
            grid.node(from).ctx().send(to, m);
        }
    }

    CanNode node(NodeId id) {
        return grid.node(id);
    }

    List<CanNode> active() {
        return grid.activeNodes();
    }

    /** Two neighbours: {@code [0]} and {@code [1]} share a face. */
    CanNode[] neighbourPair() {
        for (CanNode n : active()) {
            if (!n.neighbours().isEmpty()) {
                return new CanNode[] {n, grid.node(n.neighbours().get(0).id())};
            }
        }
        throw new AssertionError("no node has a neighbour");
    }

    /** What every active node holds now, by node. */
    Map<NodeId, List<String>> holdings() {
        Map<NodeId, List<String>> out = new HashMap<>();
        for (CanNode n : active()) {
            List<String> zones = new ArrayList<>();
            for (Zone z : n.zones()) {
                zones.add(z.toString());
            }
            out.put(n.id(), zones);
        }
        return out;
    }

    long refusals(Refusals.Kind kind) {
        long total = 0;
        for (CanNode n : active()) {
            total += n.refusals().count(kind);
        }
        return total;
    }

    void pass(long millis) {
        grid.simulation().runFor(millis);
    }

    /**
     * The grid is whole now: no node joining, zones tile the space, every neighbour table is exact, and a
     * probe from every node to a random point reaches that point's owner.
     */
    void assertWhole(String when) {
        OverlayInspector.Report r = grid.settledReport();
        assertThat(r).as("seed %d, %s: tiled with exact tables; %s", seed, when, grid.inspect().describe()).isNotNull();
        List<CanNode> nodes = active();
        Map<Long, NodeId> arrived = new HashMap<>();
        for (CanNode n : nodes) {
            n.setRoutedHandler((target, payload, hops) -> {
                if (payload instanceof RoutingProbe p) {
                    arrived.put(p.id(), n.id());
                }
            });
        }
        List<Point> targets = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            Point p = Point.of(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble());
            targets.add(p);
            nodes.get(i).route(p, new RoutingProbe(i));
        }
        Simulation sim = grid.simulation();
        sim.runUntil(() -> arrived.size() == targets.size(), sim.now() + 5 * PERIOD);
        assertThat(arrived).as("seed %d, %s: every probe delivered", seed, when).hasSize(targets.size());
        for (int i = 0; i < targets.size(); i++) {
            assertThat(arrived.get((long) i)).as("seed %d, %s: probe to %s", seed, when, targets.get(i))
                    .isEqualTo(r.index().ownerOf(targets.get(i)));
        }
    }
}
