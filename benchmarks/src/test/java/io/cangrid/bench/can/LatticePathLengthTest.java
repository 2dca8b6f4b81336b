package io.cangrid.bench.can;

import io.cangrid.can.sim.LatticePoints;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.cangrid.can.geometry.SplitRule;
import io.cangrid.overlay.Point;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Where zones are the equal cubes of a regular lattice, greedy routing takes the Manhattan path in cells and
 * its mean matches {@code D/3 · n^(1/D)}: path lengths below the formula on random points come from unequal
 * zones, not from the routing.
 */
class LatticePathLengthTest {

    @ParameterizedTest
    @EnumSource(SplitRule.Policy.class)
    void greedyRoutingOnEqualCubesTakesTheManhattanPath(SplitRule.Policy split) {
        long seed = 3;
        CanBenchmark.Result r = CanBenchmark.run(new CanBenchmark.Options(512, 3, seed, 0, CanBenchmark.Points.LATTICE,
                4000, 1_000, 20, split), line -> { });
        String context = "seed " + seed + ", " + split;
        assertThat(r.nodes()).isEqualTo(512);
        assertThat(r.tilingOk()).as(context).isTrue();
        assertThat(r.neighbourTablesOk()).as(context).isTrue();
        assertThat(r.pointsOutsideZones()).as(context).isZero();
        assertThat(r.delivered()).as(context).isEqualTo(r.routed());
        assertThat(r.routingStretch()).as(context + ": every route is a shortest one").isEqualTo(1.0);
        double exact = new LatticePoints(512, 3).exactMeanHops();
        assertThat(exact).isEqualTo(3 * 63 / 24.0);
        assertThat(r.meanHops()).as(context).isCloseTo(exact, offset(0.03 * exact));
        assertThat(r.meanHops() / r.expectedHops()).as(context + ": against the formula").isBetween(0.95, 1.05);
    }

    @Test
    void levelsPlaceEveryCellOnce() {
        LatticePoints lattice = new LatticePoints(64, 3);
        Set<Point> seen = new HashSet<>();
        seen.add(lattice.first());
        SplittableRandom random = new SplittableRandom(1);
        int levels = 0;
        while (lattice.hasNextLevel()) {
            int before = seen.size();
            List<Point> level = lattice.nextLevel(random);
            assertThat(level).hasSize(before);
            seen.addAll(level);
            levels++;
        }
        assertThat(levels).isEqualTo(6);
        assertThat(seen).hasSize(64);
        assertThat(seen).allSatisfy(p -> {
            for (int d = 0; d < 3; d++) {
                assertThat(p.get(d) * 4 - 0.5).as("a cell centre").isCloseTo(Math.rint(p.get(d) * 4 - 0.5),
                        offset(1e-12));
            }
        });
    }

    @Test
    void onlyPowersOfTwoPerSideMakeALattice() {
        assertThat(LatticePoints.sideOf(4096, 4)).isEqualTo(8);
        assertThat(LatticePoints.sideOf(65536, 4)).isEqualTo(16);
        assertThat(LatticePoints.sideOf(81, 4)).isZero();
        assertThat(LatticePoints.sideOf(1000, 3)).isZero();
        assertThatThrownBy(() -> new LatticePoints(1000, 4)).hasMessageContaining("k^D")
                .hasMessageContaining("4096").hasMessageContaining("was 1000");
        assertThatThrownBy(() -> new CanBenchmark.Options(4096, 4, 1, 0.3, CanBenchmark.Points.LATTICE, 10, 1000, 5,
                SplitRule.Policy.BALANCED)).hasMessageContaining("no --churn");
    }
}
