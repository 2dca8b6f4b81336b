package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.overlay.Point;
import org.junit.jupiter.api.Test;

class SlabClimbTest {

    private static Zone box(double[] lo, double[] hi) {
        return new Zone(lo, hi, ZonePath.ROOT, 0);
    }

    @Test
    void aSlabFarFromTheTargetAlongItsThinSideClimbs() {
        Zone slab = box(new double[] {0, 0, 0.40}, new double[] {0.2, 0.2, 0.41});
        assertThat(SlabClimb.dimensionToClimb(slab, Point.of(0.1, 0.1, 0.9))).isEqualTo(2);
        assertThat(SlabClimb.dimensionToClimb(slab, Point.of(0.1, 0.1, 0.10))).isEqualTo(2);
    }

    @Test
    void aSlabNearTheTargetAlongItsThinSideStaysGreedy() {
        Zone slab = box(new double[] {0, 0, 0.40}, new double[] {0.2, 0.2, 0.41});
        assertThat(SlabClimb.dimensionToClimb(slab, Point.of(0.9, 0.9, 0.43))).isEqualTo(-1);
    }

    @Test
    void nearCubicZonesNeverClimb() {
        // Cyclic halving makes sides that differ by at most a factor of two.
        Zone z = box(new double[] {0, 0, 0.5}, new double[] {0.25, 0.5, 0.75});
        assertThat(SlabClimb.dimensionToClimb(z, Point.of(0.1, 0.9, 0.0))).isEqualTo(-1);
    }

    @Test
    void theGapAlongADimensionIsZeroInsideTheExtentAndOnItsFaces() {
        Zone z = box(new double[] {0, 0.2}, new double[] {1, 0.4});
        assertThat(SlabClimb.gap(z, 1, Point.of(0.5, 0.3))).isZero();
        assertThat(SlabClimb.gap(z, 1, Point.of(0.5, 0.4))).isZero();
        assertThat(SlabClimb.gap(z, 1, Point.of(0.5, 0.9))).isEqualTo(0.5, org.assertj.core.data.Offset.offset(1e-12));
    }
}
