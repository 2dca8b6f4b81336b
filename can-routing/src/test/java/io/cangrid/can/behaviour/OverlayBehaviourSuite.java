package io.cangrid.can.behaviour;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.inspect.NodeReport;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The CAN overlay's behaviour, written once and run on every runtime (as Apache Ratis runs one suite
 * per transport): joins tile the space, every point is routable, graceful leaves and crashes are
 * absorbed. A subclass only says which runtime to build.
 */
abstract class OverlayBehaviourSuite {

    static final int NODES = 16;
    static final int DIMS = 3;
    private static final int SETTLE_PERIODS = 40;

    private OverlayHarness harness;
    private final SplittableRandom rnd = new SplittableRandom(17);

    /** A fresh, empty overlay on the runtime under test. */
    protected abstract OverlayHarness newHarness();

    @AfterEach
    void stop() {
        if (harness != null) {
            harness.close();
        }
    }

    private List<NodeId> grow(int n) {
        harness = newHarness();
        List<NodeId> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(harness.addNode(randomPoint()));
            harness.pass(harness.periodMillis() / 4);
        }
        return ids;
    }

    private Point randomPoint() {
        double[] c = new double[DIMS];
        for (int d = 0; d < DIMS; d++) {
            c[d] = rnd.nextDouble();
        }
        return Point.of(c);
    }

    /** Waits period by period until the overlay holds {@code nodes} active nodes and is settled. */
    private OverlayInspector.Report settle(int nodes) {
        OverlayInspector.Report r = null;
        for (int p = 0; p <= SETTLE_PERIODS; p++) {
            if (p > 0) {
                harness.pass(harness.periodMillis());
            }
            OverlayHarness.Snapshot s = harness.snapshot();
            r = OverlayInspector.inspectReports(s.active());
            if (s.joining() == 0 && s.active().size() == nodes && r.settled()) {
                return r;
            }
        }
        throw new AssertionError("not settled with " + nodes + " nodes after " + SETTLE_PERIODS + " periods: "
                + (r == null ? "" : r.describe()));
    }

    private void everyPointRoutable(OverlayInspector.Report r, List<NodeReport> active) {
        List<NodeId> sources = new ArrayList<>();
        List<Point> targets = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            sources.add(active.get(rnd.nextInt(active.size())).node());
            targets.add(randomPoint());
        }
        Map<Long, NodeId> arrived = harness.route(sources, targets, 20 * harness.periodMillis());
        assertThat(arrived).hasSize(targets.size());
        for (int i = 0; i < targets.size(); i++) {
            assertThat(arrived.get((long) i)).as("probe %d to %s", i, targets.get(i))
                    .isEqualTo(r.index().ownerOf(targets.get(i)));
        }
    }

    @Test
    void joinsTileTheSpaceAndEveryPointIsRoutable() {
        grow(NODES);
        OverlayInspector.Report r = settle(NODES);
        assertThat(r.volumeSum()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        everyPointRoutable(r, harness.snapshot().active());
    }

    @Test
    void gracefulLeavesHandTheirZonesOver() {
        List<NodeId> ids = grow(NODES);
        settle(NODES);
        for (int i = 0; i < 3; i++) {
            harness.leave(ids.get(3 + 4 * i));
            harness.pass(harness.periodMillis());
        }
        OverlayInspector.Report r = settle(NODES - 3);
        everyPointRoutable(r, harness.snapshot().active());
    }

    @Test
    void crashedNodesZonesAreTakenOver() {
        List<NodeId> ids = grow(NODES);
        settle(NODES);
        harness.crash(ids.get(5));
        harness.crash(ids.get(11));
        OverlayInspector.Report r = settle(NODES - 2);
        for (NodeReport n : harness.snapshot().active()) {
            assertThat(n.node()).isNotIn(ids.get(5), ids.get(11));
        }
        everyPointRoutable(r, harness.snapshot().active());
    }
}
