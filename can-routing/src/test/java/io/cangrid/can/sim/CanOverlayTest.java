package io.cangrid.can.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanListener;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CanOverlayTest {

    private static final CanConfig CONFIG = CanConfig.withUpdatePeriod(1_000);

    static CanSimulation grid(long seed, int dims) {
        return new CanSimulation(new Simulation(SimulationConfig.defaults(seed)), CONFIG, PointSource.uniform(dims),
                new SplittableRandom(seed));
    }

    static void grow(CanSimulation grid, int nodes, long gapMillis) {
        for (int i = 0; i < nodes; i++) {
            grid.addNode();
            grid.simulation().runFor(gapMillis);
        }
    }

    @Test
    void aJoinerWhoseContactsAreAllDeadGivesUpWithTheReasonAndTheOverlayStaysWhole() {
        CanSimulation grid = grid(5, 3);
        grow(grid, 12, 5);
        grid.settle(30);
        List<NodeId> doomed = List.of(grid.randomActive().id());
        grid.crash(doomed.get(0));
        String[] reason = new String[1];
        NodeId joiner = grid.addNode(Point.of(0.3, 0.6, 0.2), new Capabilities(), doomed);
        CanNode node = grid.node(joiner);
        node.addListener(new CanListener() {
            @Override
            public void joinAbandoned(String why) {
                reason[0] = why;
            }
        });
        grid.simulation().runFor(60_000);
        assertThat(node.phase()).isEqualTo(CanPhase.LEFT);
        assertThat(reason[0]).contains(doomed.get(0).toString()).contains("answered")
                .contains("address of a node that is up");
        assertThat(grid.simulation().isAlive(joiner)).isFalse();
        assertThat(grid.settle(30)).isGreaterThanOrEqualTo(0);
        assertThat(grid.inspect().nodes()).isEqualTo(11);
    }

    @Test
    void aSingleNodeHoldsTheWholeSpace() {
        CanSimulation grid = grid(1, 3);
        grid.addNode();
        grid.simulation().runFor(10);
        OverlayInspector.Report r = grid.inspect();
        assertThat(r.settled()).as(r.describe()).isTrue();
        assertThat(r.zones()).isEqualTo(1);
    }

    @Test
    void joinsTileTheSpaceAndEveryPointIsRoutable() {
        long seed = 42;
        CanSimulation grid = grid(seed, 3);
        grow(grid, 300, 5);
        int periods = grid.settle(20);
        OverlayInspector.Report r = grid.inspect();
        assertThat(periods).as("seed %d: %s", seed, r.describe()).isGreaterThanOrEqualTo(0);
        assertThat(r.nodes()).isEqualTo(300);
        assertThat(r.pointsOutsideZones()).isZero();
        RoutingCheck.Result routes = new RoutingCheck(grid).run(500, PointSource.uniform(3), r.index());
        assertThat(routes.delivered()).as("seed %d", seed).isEqualTo(500);
        assertThat(routes.misdelivered()).isZero();
        double expected = 3.0 / 3.0 * Math.pow(300, 1.0 / 3);
        assertThat(routes.meanHops()).isBetween(0.5 * expected, 1.5 * expected);
    }

    @Test
    void gracefulLeavesMergeZonesBackWithTheirSiblings() {
        long seed = 7;
        CanSimulation grid = grid(seed, 2);
        grow(grid, 40, 20);
        assertThat(grid.settle(20)).isGreaterThanOrEqualTo(0);
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 15; i++) {
            CanNode victim = grid.activeNodes().get(rnd.nextInt(grid.activeCount()));
            grid.leave(victim.id());
            grid.simulation().runFor(3_000);
        }
        int periods = grid.settle(30);
        OverlayInspector.Report r = grid.inspect();
        assertThat(periods).as("seed %d: %s", seed, r.describe()).isGreaterThanOrEqualTo(0);
        assertThat(r.nodes()).isEqualTo(25);
    }

    @Test
    void aCrashedNodesZoneIsTakenOverBySomeNeighbour() {
        long seed = 11;
        CanSimulation grid = grid(seed, 3);
        grow(grid, 60, 10);
        assertThat(grid.settle(20)).isGreaterThanOrEqualTo(0);
        CanNode victim = grid.activeNodes().get(17);
        Zone[] lost = victim.zones();
        grid.crash(victim.id());
        int periods = grid.settle(30);
        OverlayInspector.Report r = grid.inspect();
        assertThat(periods).as("seed %d: %s", seed, r.describe()).isGreaterThanOrEqualTo(CONFIG.deadAfterPeriods());
        for (Zone z : lost) {
            NodeId owner = r.index().ownerOf(Point.of(centre(z)));
            assertThat(owner).isNotEqualTo(victim.id());
        }
    }

    /**
     * A join request lost on its way (here at the owner, which has just crashed), and the one node the
     * joiner was given gone too before the retry: the joiner gets in through the live nodes that node
     * named when it passed the first request on.
     */
    @Test
    void aJoinerWhoseOnlyContactDiesGetsInThroughTheNodesItNamed() {
        long seed = 5;
        CanSimulation grid = grid(seed, 2);
        grow(grid, 40, 10);
        assertThat(grid.settle(20)).isGreaterThanOrEqualTo(0);
        Point at = Point.of(0.3, 0.7);
        NodeId owner = grid.inspect().index().ownerOf(at);
        NodeId via = grid.activeNodes().stream().map(CanNode::id).filter(id -> !id.equals(owner))
                .max(NodeId::compareTo).orElseThrow();
        grid.crash(owner);
        NodeId joiner = grid.addNode(at, new Capabilities(), List.of(via));
        grid.simulation().runFor(CONFIG.updatePeriodMillis() / 2);
        grid.crash(via);

        int periods = grid.settle(30);
        OverlayInspector.Report r = grid.inspect();
        assertThat(periods).as(r.describe()).isGreaterThanOrEqualTo(0);
        assertThat(grid.node(joiner).phase()).isEqualTo(CanPhase.ACTIVE);
        assertThat(r.index().ownerOf(at)).isEqualTo(joiner);
    }

    private static double[] centre(Zone z) {
        double[] c = new double[z.dimensions()];
        for (int d = 0; d < c.length; d++) {
            c[d] = z.lo(d) + z.length(d) / 2;
        }
        return c;
    }
}
