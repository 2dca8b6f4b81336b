package io.cangrid.can.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.Point;
import org.junit.jupiter.api.Test;

class ZoneTest {

    private static Zone box(double x0, double x1, double y0, double y1) {
        return new Zone(new double[] {x0, y0}, new double[] {x1, y1}, ZonePath.ROOT, 0);
    }

    @Test
    void containmentIsHalfOpenExceptOnTheUpperFaceOfTheSpace() {
        Zone z = box(0, 0.5, 0.5, 1);
        assertThat(z.contains(Point.of(0, 0.5))).isTrue();
        assertThat(z.contains(Point.of(0.5, 0.7))).isFalse();
        assertThat(z.contains(Point.of(0.2, 1.0))).isTrue();
    }

    @Test
    void neighboursAbutInOneDimensionAndOverlapInTheOthers() {
        Zone a = box(0, 0.5, 0, 0.5);
        assertThat(a.neighbourDimension(box(0.5, 1, 0, 0.5))).isEqualTo(0);
        assertThat(a.neighbourDimension(box(0.25, 0.5, 0.5, 1))).isEqualTo(1);
        assertThat(a.neighbourDimension(box(0.5, 1, 0.5, 1))).isEqualTo(-1); // corner only
        assertThat(a.neighbourDimension(box(0.5, 1, 0.6, 1))).isEqualTo(-1); // apart
        assertThat(a.hasUpperNeighbour(box(0.5, 1, 0, 0.5), 0)).isTrue();
        assertThat(box(0.5, 1, 0, 0.5).hasUpperNeighbour(a, 0)).isFalse();
    }

    @Test
    void distanceIsZeroInsideAndEuclideanOutside() {
        Zone a = box(0, 0.5, 0, 0.5);
        assertThat(a.distanceTo(Point.of(0.1, 0.1))).isZero();
        assertThat(a.distanceTo(Point.of(0.8, 0.9))).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void splitThenMergeRestoresTheParent() {
        Zone whole = Zone.wholeSpace(3);
        Zone[] halves = whole.split(1, 0.25, 1);
        assertThat(halves[0].hi(1)).isEqualTo(0.25);
        assertThat(halves[1].lo(1)).isEqualTo(0.25);
        assertThat(halves[0].volume() + halves[1].volume()).isEqualTo(1.0);
        assertThat(halves[0].path().isSiblingOf(halves[1].path())).isTrue();
        Zone merged = halves[1].mergeWith(halves[0], 2);
        assertThat(merged.sameBox(whole)).isTrue();
        assertThat(merged.path()).isEqualTo(ZonePath.ROOT);
        assertThat(merged.epoch()).isEqualTo(2);
    }

    @Test
    void rejectsBadBoxesAndSplits() {
        assertThatThrownBy(() -> box(0.5, 0.5, 0, 1)).hasMessageContaining("lo < hi");
        assertThatThrownBy(() -> Zone.wholeSpace(2).split(0, 1.0, 1)).hasMessageContaining("not inside");
        Zone[] h = Zone.wholeSpace(2).split(0, 0.5, 1);
        assertThatThrownBy(() -> h[0].mergeWith(h[0].split(1, 0.5, 2)[0], 3)).hasMessageContaining("not siblings");
    }
}
