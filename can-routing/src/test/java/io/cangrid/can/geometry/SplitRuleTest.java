package io.cangrid.can.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.Point;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
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
    void fallsBackToHalfWayAlongTheRelativelyWidestGap() {
        Zone z = Zone.wholeSpace(2);
        SplitRule.Split s = SplitRule.choose(z, Point.of(0.10, 0.30), Point.of(0.11, 0.40));
        assertThat(s.dimension()).isEqualTo(1);
        assertThat(s.at()).isEqualTo(0.35, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void identicalPointsCannotBeSeparated() {
        assertThat(SplitRule.choose(Zone.wholeSpace(2), Point.of(0.3, 0.3), Point.of(0.3, 0.3))).isNull();
    }

    @Property(tries = 500)
    void bothPointsEndUpInDifferentHalves(@ForAll @DoubleRange(min = 0, max = 1) double a0,
            @ForAll @DoubleRange(min = 0, max = 1) double a1, @ForAll @DoubleRange(min = 0, max = 1) double b0,
            @ForAll @DoubleRange(min = 0, max = 1) double b1) {
        Point p = Point.of(a0, a1);
        Point q = Point.of(b0, b1);
        Zone z = Zone.wholeSpace(2);
        SplitRule.Split s = SplitRule.choose(z, p, q);
        if (p.equals(q)) {
            assertThat(s).isNull();
            return;
        }
        Zone[] halves = z.split(s.dimension(), s.at(), 1);
        assertThat(halves[0].contains(p)).isNotEqualTo(halves[1].contains(p));
        assertThat(halves[0].contains(p)).isNotEqualTo(halves[0].contains(q));
    }
}
