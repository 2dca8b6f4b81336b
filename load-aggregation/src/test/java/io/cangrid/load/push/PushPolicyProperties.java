package io.cangrid.load.push;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;

/** Shapes of the stopping rules and objectives that CAN-P relies on, over their whole domains. */
class PushPolicyProperties {

    @Property(tries = 500)
    void stoppingIsAProbabilityThatFallsWithMoreNodesAboveAndWithTheFactor(
            @ForAll @DoubleRange(min = 0, max = 1e6) double a, @ForAll @DoubleRange(min = 0, max = 1e6) double b,
            @ForAll @DoubleRange(min = 0.001, max = 10) @Scale(4) double sf1,
            @ForAll @DoubleRange(min = 0.001, max = 10) @Scale(4) double sf2) {
        double lowA = Math.min(a, b);
        double highA = Math.max(a, b);
        double lowSf = Math.min(sf1, sf2);
        double highSf = Math.max(sf1, sf2);
        for (StoppingRule rule : StoppingRule.values()) {
            double p = rule.stopProbability(a, sf1);
            assertThat(p).as("%s A %s SF %s", rule, a, sf1).isBetween(0.0, 1.0);
            assertThat(rule.stopProbability(highA, sf1)).as("%s SF %s: A %s then %s", rule, sf1, lowA, highA)
                    .isLessThanOrEqualTo(rule.stopProbability(lowA, sf1));
            assertThat(rule.stopProbability(a, highSf)).as("%s A %s: SF %s then %s", rule, a, lowSf, highSf)
                    .isLessThanOrEqualTo(rule.stopProbability(a, lowSf));
            if (a > 1.01 && highSf > lowSf * 1.01) {
                // With more than one node above, a higher factor strictly lowers the chance to stop.
                assertThat(rule.stopProbability(a, highSf)).as("%s A %s: SF %s then %s", rule, a, lowSf, highSf)
                        .isLessThan(rule.stopProbability(a, lowSf));
            }
        }
    }

    @Property(tries = 300)
    void anEmptierOrLargerRegionNeverHasAWorseObjective(@ForAll @DoubleRange(min = 0, max = 1e4) double q,
            @ForAll @DoubleRange(min = 0.01, max = 1e4) @Scale(4) double n, @ForAll @DoubleRange(min = 0, max = 1e3) double more) {
        for (PushObjective o : PushObjective.values()) {
            assertThat(o.value(q, n)).isGreaterThanOrEqualTo(0.0);
            assertThat(o.value(q + more, n)).as("%s q %s + %s over n %s", o, q, more, n).isGreaterThanOrEqualTo(o.value(q, n));
            assertThat(o.value(q, n + more)).as("%s q %s over n %s + %s", o, q, n, more).isLessThanOrEqualTo(o.value(q, n));
        }
    }
}
