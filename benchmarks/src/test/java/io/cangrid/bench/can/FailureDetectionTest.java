package io.cangrid.bench.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanListener;
import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The time a crash takes to be noticed is that of the last removal of the crashed node from a neighbour's
 * table, not that of the check that finds it gone (every tenth of a period).
 */
class FailureDetectionTest {

    private static final long PERIOD = 1_000;

    @Test
    void aCrashCountsUntilItsLastNeighbourDropsItToTheMillisecond() {
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(3)),
                CanConfig.withUpdatePeriod(PERIOD), PointSource.uniform(2), new SplittableRandom(3));
        for (int i = 0; i < 12; i++) {
            grid.addNode();
            grid.simulation().runFor(PERIOD / 4);
        }
        assertThat(grid.settle(30)).as("the grid settles").isNotNegative();
        CanNode victim = grid.activeNodes().get(5);
        long[] lastRemoved = {-1};
        for (NeighbourEntry e : victim.neighbours()) {
            grid.node(e.id()).addListener(new CanListener() {
                @Override
                public void neighbourRemoved(NodeId id) {
                    if (id.equals(victim.id())) {
                        lastRemoved[0] = grid.simulation().now();
                    }
                }
            });
        }
        FailureDetection detection = new FailureDetection(grid, PERIOD, new HarnessTime());
        long crashedAt = grid.simulation().now();
        detection.crashing(victim);
        grid.crash(victim.id());
        grid.simulation().runFor(6 * PERIOD);

        FailureDetection.Figures f = detection.figures();
        assertThat(f.crashes()).isEqualTo(1);
        assertThat(f.unnoticed()).isZero();
        assertThat(lastRemoved[0]).as("the last neighbour dropped it").isPositive();
        assertThat(f.maxPeriods()).isEqualTo((lastRemoved[0] - crashedAt) / (double) PERIOD);
    }
}
