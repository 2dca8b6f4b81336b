package io.cangrid.load.push;

import static io.cangrid.load.HandBuiltNode.zone;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.jobs.JobLoad;
import io.cangrid.load.HandBuiltNode;
import io.cangrid.load.LoadState;
import io.cangrid.load.ZoneLoad;
import io.cangrid.overlay.NodeId;
import org.junit.jupiter.api.Test;

/**
 * Step 3 of CAN-P on a hand-built neighbourhood of the unit square (x = dimension 0, y = dimension 1):
 *
 * <pre>
 *   y=1  +-----------------------------+
 *        |             M3              |
 *   y=.5 +--------------+-------+------+
 *        |              |       |  M2  |
 *        |      L       |   X   +------+ y=.25
 *        |              |       |  M1  |
 *   y=0  +--------------+-------+------+
 *       x=0           x=.5    x=.75   x=1
 * </pre>
 *
 * X's upper neighbours are M1 and M2 in x and M3 in y; L lies below X in x, and is made the most
 * attractive region of all to show that a job is never pushed downward.
 */
class PushTargetTest {

    private static final Zone BOTTOM = zone(2, 1, .5, 0);
    private static final Zone M3 = zone(2, 1, .5, 1);
    private static final Zone L = zone(2, 1, .5, 0, 0, .5, 0);
    private static final Zone X = zone(2, 1, .5, 0, 0, .5, 1, 0, .75, 0);
    private static final Zone M1 = zone(2, 1, .5, 0, 0, .5, 1, 0, .75, 1, 1, .25, 0);
    private static final Zone M2 = zone(2, 1, .5, 0, 0, .5, 1, 0, .75, 1, 1, .25, 1);

    /** X's own published load: 6 nodes above it in x, 9 in y. */
    private static final LoadState OWN = state(new ZoneLoad(X, 1, 0, new double[] {6, 9}, new double[] {7, 25}));

    private static LoadState state(ZoneLoad... zones) {
        return new LoadState(JobLoad.IDLE, zones);
    }

    /** A zone whose node publishes {@code n} nodes and {@code q} queued jobs at and above it in {@code d}. */
    private static LoadState region(Zone z, int d, double n, double q) {
        double[] nodesAbove = new double[2];
        double[] queuedAbove = new double[2];
        nodesAbove[d] = n - 1;
        queuedAbove[d] = q;
        return state(new ZoneLoad(z, 1, 0, nodesAbove, queuedAbove));
    }

    private static HandBuiltNode neighbourhood(boolean m3First) {
        HandBuiltNode x = new HandBuiltNode(X);
        x.hear(1, region(L, 0, 20, 0), L);
        if (m3First) {
            x.hear(4, region(M3, 1, 10, 25), M3);
        }
        x.hear(2, region(M1, 0, 4, 8), M1);
        x.hear(3, region(M2, 0, 2, 1), M2);
        if (!m3First) {
            x.hear(4, region(M3, 1, 10, 25), M3);
        }
        assertThat(x.can.neighbours()).hasSize(4);
        return x;
    }

    /**
     * As {@link #region}, the node above being of {@code os}: its load split by category counts it there, and
     * {@code others} more machines of another category above it.
     */
    private static LoadState regionOf(Zone z, int d, double n, double q, String os) {
        double[] nodesAbove = new double[2];
        double[] queuedAbove = new double[2];
        nodesAbove[d] = n - 1;
        queuedAbove[d] = q;
        String[] names = os.equals("LINUX") ? new String[] {"LINUX"} : new String[] {"LINUX", os};
        int k = names.length;
        double[] own = new double[k];
        double[] above = new double[2 * k];
        double[] queued = new double[2 * k];
        own[k - 1] = 1;
        // Everything above is LINUX, with all the queue.
        above[d * k] = n - 1;
        queued[d * k] = q;
        return state(new ZoneLoad(z, 1, 0, nodesAbove, queuedAbove,
                new io.cangrid.load.CategoryLoads(names, own, new double[k], above, queued)));
    }

    /**
     * A job for OSF1 weighs each region by its OSF1 machines alone, and a region with none is no target: here
     * only M2 has one (idle), so it wins though M1 is emptier overall; a job for LINUX weighs them as all
     * LINUX; a job for an OS no region has finds no target, and stops.
     */
    @Test
    void aJobForOneOperatingSystemIsPushedByTheLoadOfItsMachines() {
        HandBuiltNode x = new HandBuiltNode(X);
        x.hear(2, regionOf(M1, 0, 4, 0, "LINUX"), M1);
        x.hear(3, regionOf(M2, 0, 6, 6, "OSF1"), M2);
        x.hear(4, regionOf(M3, 1, 10, 25, "LINUX"), M3);
        PushTarget any = PushTarget.choose(x.can, OWN, PushObjective.AVERAGE, 0, null, null);
        assertThat(any.dimension()).isZero();
        assertThat(any.nodes()).isEqualTo(4);
        PushTarget osf1 = PushTarget.choose(x.can, OWN, PushObjective.AVERAGE, 0, null, "OSF1");
        assertThat(osf1.nodes()).isEqualTo(1);
        assertThat(osf1.queued()).isZero();
        assertThat(x.can.neighbours()).filteredOn(n -> n.id().equals(osf1.neighbour())).singleElement()
                .satisfies(n -> assertThat(n.zones()[0].sameAs(M2)).isTrue());
        assertThat(PushTarget.choose(x.can, OWN, PushObjective.AVERAGE, 0, null, "IRIX65")).isNull();
    }

    @Test
    void theLayoutIsWhatThePictureShows() {
        assertThat(X.hasUpperNeighbour(M1, 0)).isTrue();
        assertThat(X.hasUpperNeighbour(M2, 0)).isTrue();
        assertThat(X.hasUpperNeighbour(M3, 1)).isTrue();
        assertThat(L.hasUpperNeighbour(X, 0)).isTrue();
        assertThat(BOTTOM.hasUpperNeighbour(M3, 1)).isTrue();
    }

    @Test
    void theSmallestAverageOverNodesWinsAndTiesGoToTheLargerRegion() {
        // q/n^2: M1 8/16 = .5, M2 1/4 = .25, M3 25/100 = .25 (ties M2, but has 10 nodes to M2's 2); L is below.
        for (boolean m3First : new boolean[] {true, false}) {
            PushTarget t = PushTarget.choose(neighbourhood(m3First).can, OWN, PushObjective.AVERAGE_OVER_NODES);
            assertThat(t).as("M3 heard first: %s", m3First)
                    .isEqualTo(new PushTarget(NodeId.of(4), 1, 10, 25, 0.25, 9));
        }
    }

    @Test
    void theAverageAboveAlonePrefersTheEmptiestRegion() {
        // q/n: M1 2, M2 .5, M3 2.5.
        PushTarget t = PushTarget.choose(neighbourhood(true).can, OWN, PushObjective.AVERAGE);
        assertThat(t).isEqualTo(new PushTarget(NodeId.of(3), 0, 2, 1, 0.5, 6));
    }

    @Test
    void aGentleClimbTakesTheCheapestRegionWhereSomeoneIsIdle() {
        // q/n: M1 2, M2 .5, M3 2.5; costing a region by the y where its zone starts: M1 0, M2 .25, M3 .5.
        HandBuiltNode x = neighbourhood(true);
        PushTarget all = PushTarget.choose(x.can, OWN, PushObjective.AVERAGE, 3, z -> z.lo(1));
        assertThat(all.neighbour()).as("all three idle enough: the cheapest, M1").isEqualTo(NodeId.of(2));
        PushTarget some = PushTarget.choose(x.can, OWN, PushObjective.AVERAGE, 1, z -> z.lo(1));
        assertThat(some.neighbour()).as("only M2 idle enough").isEqualTo(NodeId.of(3));
        PushTarget none = PushTarget.choose(x.can, OWN, PushObjective.AVERAGE, 0.1, z -> -z.lo(1));
        assertThat(none).as("none idle enough: the best objective as before")
                .isEqualTo(PushTarget.choose(x.can, OWN, PushObjective.AVERAGE));
        PushTarget unreachable = PushTarget.choose(x.can, OWN, PushObjective.AVERAGE, 3, z -> Double.POSITIVE_INFINITY);
        assertThat(unreachable.neighbour()).as("equal (even infinite) costs: the better objective, M2")
                .isEqualTo(NodeId.of(3));
    }

    @Test
    void aNodeWithNoUpperNeighbourHasNoTarget() {
        HandBuiltNode x = new HandBuiltNode(X);
        x.hear(1, region(L, 0, 20, 0), L);
        assertThat(PushTarget.choose(x.can, OWN, PushObjective.AVERAGE_OVER_NODES)).isNull();
    }

    @Test
    void upperNeighboursThatPublishNoAggregatesAreNoTargets() {
        HandBuiltNode x = new HandBuiltNode(X);
        x.hear(2, new JobLoad(0, 0), M1);
        x.hear(3, null, M2);
        assertThat(x.can.neighbours()).hasSize(2);
        assertThat(PushTarget.choose(x.can, OWN, PushObjective.AVERAGE_OVER_NODES)).isNull();
    }
}
