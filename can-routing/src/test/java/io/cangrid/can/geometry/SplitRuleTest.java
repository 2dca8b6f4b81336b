package io.cangrid.can.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.Point;
import io.cangrid.overlay.wire.CompactDoubles;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SplitRuleTest {

    @Test
    void prefersTheCyclicMidpointWhenItSeparates() {
        Zone whole = Zone.wholeSpace(2);
        SplitRule.Split s = SplitRule.choose(whole, Point.of(0.1, 0.1), Point.of(0.9, 0.2));
        assertThat(s).isEqualTo(new SplitRule.Split(0, 0.5));
        Zone lower = whole.split(0, 0.5, 1)[0];
        // depth 1: dimension 1 first, but its midpoint does not separate 0.1 and 0.2 ... dimension 0 does not either.
        SplitRule.Split t = SplitRule.choose(lower, Point.of(0.1, 0.1), Point.of(0.3, 0.2));
        assertThat(t.dimension()).isEqualTo(0);
        assertThat(t.at()).isEqualTo(0.25);
    }

    @Test
    void slidesTheFaceToTheNearerPointWhenNoMidpointSeparates() {
        Zone z = Zone.wholeSpace(2);
        // Neither midpoint separates: dimension 1 offers a face at 0.40 (thinner half 0.40), dimension 0 one
        // at 0.11 (thinner half 0.11). 0.40 moves to 51/128, the shortest binary fraction within 1/256 of it
        // that still leaves 0.40 above the face.
        SplitRule.Split s = SplitRule.choose(z, Point.of(0.10, 0.30), Point.of(0.11, 0.40));
        assertThat(s).isEqualTo(new SplitRule.Split(1, 51 / 128.0));
    }

    @Test
    void aboveBothPointsTheFaceStopsHalfWayBetweenThem() {
        Zone z = Zone.wholeSpace(1);
        SplitRule.Split s = SplitRule.choose(z, Point.of(0.80), Point.of(0.60));
        assertThat(s.at()).isEqualTo(45 / 64.0);
    }

    @Test
    void clusteredRealCoordinatesAreSplitBeforeTheVirtualAxis() {
        // Capability points: real coordinates at nearby discrete levels, far below every real midpoint; the
        // uniform virtual coordinate (last) is the only one whose midpoint separates. Slicing the virtual axis
        // here is what once made zones span whole real axes at a ten-thousandth of virtual thickness.
        Zone z = Zone.wholeSpace(4);
        for (int i = 0; i < 3; i++) {
            z = z.split(3, z.lo(3) + z.length(3) / 2, i + 1)[0];
        }
        SplitRule.Split s = SplitRule.choose(z, Point.of(0.0968, 0.1, 0.3087, 0.01),
                Point.of(0.1613, 0.1, 0.3087, 0.12));
        assertThat(s.dimension()).isZero();
        assertThat(s.at()).isCloseTo(0.1613, org.assertj.core.data.Offset.offset(1 / 256.0)).isLessThanOrEqualTo(0.1613);
    }

    @Test
    void pointsThatDifferOnlyInOneDimensionAreSplitThere() {
        Zone z = Zone.wholeSpace(4);
        SplitRule.Split s = SplitRule.choose(z, Point.of(0.1, 0.1, 0.3, 0.2), Point.of(0.1, 0.1, 0.3, 0.3));
        assertThat(s.dimension()).isEqualTo(3);
        assertThat(s.at()).isEqualTo(19 / 64.0);
    }

    @Test
    void identicalPointsCannotBeSeparated() {
        assertThat(SplitRule.choose(Zone.wholeSpace(2), Point.of(0.3, 0.3), Point.of(0.3, 0.3))).isNull();
    }

    @Test
    void theCyclicRuleHalvesTheFirstDimensionInCyclicOrderWhoseMidpointSeparates() {
        Zone lower = Zone.wholeSpace(2).split(0, 0.5, 1)[0];
        // Depth 1 starts at dimension 1, whose midpoint 0.5 separates 0.1 and 0.7.
        assertThat(SplitRule.cyclic(lower, Point.of(0.1, 0.1), Point.of(0.3, 0.7))).isEqualTo(new SplitRule.Split(1, 0.5));
        // Neither midpoint separates: half way between the points where they lie furthest apart for the zone.
        SplitRule.Split s = SplitRule.cyclic(lower, Point.of(0.1, 0.1), Point.of(0.2, 0.12));
        assertThat(s.dimension()).isZero();
        assertThat(s.at()).isEqualTo(0.15, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(SplitRule.Policy.CYCLIC.choose(lower, Point.of(0.1, 0.1), Point.of(0.2, 0.12))).isEqualTo(s);
    }

    @Property(tries = 1000)
    void bothPointsEndUpInDifferentHalves(@ForAll @DoubleRange(min = 0, max = 1) double a0,
            @ForAll @DoubleRange(min = 0, max = 1) double a1, @ForAll @DoubleRange(min = 0, max = 1) double b0,
            @ForAll @DoubleRange(min = 0, max = 1) double b1, @ForAll @IntRange(min = 0, max = 6) int depth,
            @ForAll boolean snapToLevels, @ForAll SplitRule.Policy policy) {
        // Snapping to a few levels makes equal coordinates and points on faces common, as capability points are.
        Point p = snapToLevels ? Point.of(snap(a0), snap(a1)) : Point.of(a0, a1);
        Point q = snapToLevels ? Point.of(snap(b0), snap(b1)) : Point.of(b0, b1);
        Zone z = Zone.wholeSpace(2);
        for (int i = 0; i < depth; i++) {
            // Narrow the zone around p while it still holds q too, as earlier joins would have.
            int d = i % 2;
            Zone[] halves = z.split(d, z.lo(d) + z.length(d) / 2, i + 1);
            Zone next = halves[0].contains(p) ? halves[0] : halves[1];
            if (!next.contains(q)) {
                break;
            }
            z = next;
        }
        SplitRule.Split s = policy.choose(z, p, q);
        if (p.equals(q)) {
            assertThat(s).isNull();
            return;
        }
        Zone[] halves = z.split(s.dimension(), s.at(), 1);
        assertThat(halves[0].contains(p)).isNotEqualTo(halves[1].contains(p));
        assertThat(halves[0].contains(p)).isNotEqualTo(halves[0].contains(q));
        if (policy == SplitRule.Policy.BALANCED) {
            // Faces of halved zones are binary fractions, so a short face is always near.
            assertThat(CompactDoubles.isShort(s.at())).as("face %s travels short", s.at()).isTrue();
        }
    }

    @Test
    void aZonesMidpointStaysWhereItIs() {
        Zone z = Zone.wholeSpace(1).split(0, 0.5, 1)[1].split(0, 0.75, 2)[0];
        assertThat(SplitRule.shortNear(z, 0, 0.625, 0.55, 0.7)).isEqualTo(0.625);
    }

    @Property(tries = 1000)
    void aFaceMovesOnlyToAShorterSeparatingNumberNearby(@ForAll @DoubleRange(min = 0, max = 1) double a,
            @ForAll @DoubleRange(min = 0, max = 1) double b, @ForAll @DoubleRange(min = 0, max = 1) double t) {
        double low = Math.min(a, b);
        double high = Math.max(a, b);
        org.junit.jupiter.api.Assumptions.assumeTrue(low < high && low > 0);
        // Any separating face in (low, high] will do as the rule's own choice.
        double at = Math.max(Math.nextUp(low), low + t * (high - low));
        // The space's upper face is closed: no zone splits there.
        org.junit.jupiter.api.Assumptions.assumeTrue(at < 1);
        Zone z = Zone.wholeSpace(1);
        double moved = SplitRule.shortNear(z, 0, at, a, b);
        assertThat(moved).isGreaterThan(low).isLessThanOrEqualTo(high);
        assertThat(Math.abs(moved - at)).isLessThanOrEqualTo(1 / 256.0);
        assertThat(digits(moved)).isLessThanOrEqualTo(digits(at));
    }

    /** Significant binary digits of the mantissa. */
    private static int digits(double x) {
        long mantissa = Double.doubleToRawLongBits(x) & ((1L << 52) - 1);
        return mantissa == 0 ? 0 : 52 - Long.numberOfTrailingZeros(mantissa);
    }

    private static double snap(double x) {
        return Math.floor(x * 5) / 5;
    }
}
