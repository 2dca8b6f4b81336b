package io.cangrid.can.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.CanNode;
import io.cangrid.can.inspect.OverlayInspector;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Random schedules of joins, graceful leaves and crashes; once the overlay settles every invariant must
 * hold. Each schedule derives from one seed, printed in every failure message.
 */
class CanChurnProperties {

    @Property(tries = 12)
    void overlaySettlesAfterAnyMixOfJoinsLeavesAndCrashes(@ForAll long seed,
            @ForAll @IntRange(min = 2, max = 4) int dims) {
        CanSimulation grid = CanOverlayTest.grid(seed, dims);
        SplittableRandom rnd = new SplittableRandom(seed);
        CanOverlayTest.grow(grid, 60, 5);
        for (int step = 0; step < 60; step++) {
            int action = rnd.nextInt(4);
            if (action <= 1 || grid.activeCount() < 10) {
                grid.addNode();
            } else {
                CanNode victim = grid.randomActive();
                if (action == 2) {
                    grid.leave(victim.id());
                } else {
                    grid.crash(victim.id());
                }
            }
            grid.simulation().runFor(rnd.nextLong(1, 400));
        }
        int periods = grid.settle(60);
        OverlayInspector.Report r = grid.inspect();
        assertThat(periods).as("seed %d dims %d: %s", seed, dims, r.describe()).isGreaterThanOrEqualTo(0);
        assertThat(r.volumeSum()).as("seed %d", seed).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.pointsOutsideZones()).as("seed %d: %s", seed, r.describe()).isZero();
        RoutingCheck.Result routes = new RoutingCheck(grid).run(200, PointSource.uniform(dims), r.index());
        assertThat(routes.delivered()).as("seed %d", seed).isEqualTo(200);
    }
}
