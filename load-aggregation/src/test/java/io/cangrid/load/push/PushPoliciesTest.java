package io.cangrid.load.push;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.cangrid.can.match.Candidate;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.resource.Capabilities;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Eq. 3–5 as the named policies compute them, and the configuration that selects them. */
class PushPoliciesTest {

    private static Candidate candidate(double cpu, int queue, double backlogSeconds) {
        return new Candidate(NodeId.of(1), new Capabilities(cpu, 1024, 40), queue, backlogSeconds);
    }

    // ---- Eq. 3: push objective ----------------------------------------------------------------------

    @Test
    void theObjectivesAreTheAverageQueueOverNodesAndTheAverageQueue() {
        assertThat(PushObjective.AVERAGE_OVER_NODES.value(8, 4)).isEqualTo(0.5);
        assertThat(PushObjective.AVERAGE_OVER_NODES.value(25, 10)).isEqualTo(0.25);
        assertThat(PushObjective.AVERAGE_OVER_NODES.value(0, 3)).isZero();
        assertThat(PushObjective.AVERAGE.value(8, 4)).isEqualTo(2.0);
        assertThat(PushObjective.AVERAGE.value(1.5, 0.5)).isEqualTo(3.0);
        // Over nodes: of two regions with the same average queue, the larger one is the better target.
        assertThat(PushObjective.AVERAGE_OVER_NODES.value(20, 10)).isLessThan(PushObjective.AVERAGE_OVER_NODES.value(2, 1));
        assertThat(PushObjective.AVERAGE.value(20, 10)).isEqualTo(PushObjective.AVERAGE.value(2, 1));
    }

    // ---- Eq. 4: stopping rule -----------------------------------------------------------------------

    @Test
    void withNothingAboveBothRulesAlwaysStop() {
        for (StoppingRule rule : StoppingRule.values()) {
            for (double sf : new double[] {0.5, 1, 2, 3, 10}) {
                assertThat(rule.stopProbability(0, sf)).as("%s SF %s", rule, sf).isEqualTo(1.0);
            }
        }
    }

    @Test
    void r4bIsOneOverLog2OfOnePlusAToTheSf() {
        StoppingRule r = StoppingRule.R4B;
        assertThat(r.stopProbability(1, 1)).isCloseTo(1.0, offset(1e-12));
        assertThat(r.stopProbability(3, 1)).isCloseTo(0.5, offset(1e-12));
        assertThat(r.stopProbability(3, 2)).isCloseTo(0.25, offset(1e-12));
        assertThat(r.stopProbability(3, 3)).isCloseTo(0.125, offset(1e-12));
        assertThat(r.stopProbability(7, 2)).isCloseTo(1 / 9.0, offset(1e-12));
        assertThat(r.stopProbability(15, 1)).isCloseTo(0.25, offset(1e-12));
        assertThat(r.stopProbability(255, 3)).isCloseTo(1 / 512.0, offset(1e-12));
        // Less than one node above (an overlap-weighted share) cannot make stopping more than certain.
        assertThat(r.stopProbability(0.5, 2)).isEqualTo(1.0);
    }

    @Test
    void r4aIsAToTheMinusSf() {
        StoppingRule r = StoppingRule.R4A;
        assertThat(r.stopProbability(1, 3)).isEqualTo(1.0);
        assertThat(r.stopProbability(0.5, 3)).isEqualTo(1.0);
        assertThat(r.stopProbability(2, 1)).isCloseTo(0.5, offset(1e-12));
        assertThat(r.stopProbability(4, 2)).isCloseTo(1 / 16.0, offset(1e-12));
        assertThat(r.stopProbability(10, 3)).isCloseTo(1e-3, offset(1e-15));
    }

    @Test
    void aHigherStoppingFactorPushesFurther() {
        for (StoppingRule rule : StoppingRule.values()) {
            double p1 = rule.stopProbability(20, 1);
            double p2 = rule.stopProbability(20, 2);
            double p3 = rule.stopProbability(20, 3);
            assertThat(p1).as("%s", rule).isGreaterThan(p2);
            assertThat(p2).as("%s", rule).isGreaterThan(p3);
        }
    }

    // ---- Eq. 5: run-node score ----------------------------------------------------------------------

    @Test
    void queuePerCpu() {
        assertThat(RunNodeScore.QUEUE_PER_CPU.score(candidate(2, 3, 600), 300)).isEqualTo(1.5);
        // Free nodes all score 0, whatever their speed.
        assertThat(RunNodeScore.QUEUE_PER_CPU.score(candidate(1, 0, 0), 300))
                .isEqualTo(RunNodeScore.QUEUE_PER_CPU.score(candidate(4, 0, 0), 300)).isZero();
    }

    @Test
    void queuePlusOnePerCpuTellsFreeNodesApartBySpeed() {
        assertThat(RunNodeScore.QUEUE_PLUS_ONE_PER_CPU.score(candidate(2, 3, 600), 300)).isEqualTo(2.0);
        assertThat(RunNodeScore.QUEUE_PLUS_ONE_PER_CPU.score(candidate(4, 0, 0), 300)).isEqualTo(0.25);
        assertThat(RunNodeScore.QUEUE_PLUS_ONE_PER_CPU.score(candidate(4, 0, 0), 300))
                .isLessThan(RunNodeScore.QUEUE_PLUS_ONE_PER_CPU.score(candidate(1, 0, 0), 300));
    }

    @Test
    void mctIsTheExpectedCompletionTimeOfThisJob() {
        // The backlog is already in seconds on this node; the job adds its work over the node's speed.
        assertThat(RunNodeScore.MCT.score(candidate(2, 3, 600), 300)).isEqualTo(750.0);
        assertThat(RunNodeScore.MCT.score(candidate(4, 0, 0), 300)).isEqualTo(75.0);
        // A long queue of short jobs can beat a short queue of long ones.
        assertThat(RunNodeScore.MCT.score(candidate(1, 5, 50), 100))
                .isLessThan(RunNodeScore.MCT.score(candidate(1, 1, 5_000), 100));
    }

    // ---- configuration ------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(doubles = {0, -1, 10.000001, 11, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void aStoppingFactorOutsideZeroToTenIsRefused(double sf) {
        assertThatThrownBy(() -> CanPConfig.withStoppingFactor(sf))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("(0, 10]");
    }

    @ParameterizedTest
    @ValueSource(doubles = {1e-9, 0.5, 1, 2, 3, 10})
    void aStoppingFactorInZeroToTenIsAccepted(double sf) {
        CanPConfig c = CanPConfig.withStoppingFactor(sf);
        assertThat(c.stop().factor()).isEqualTo(sf);
        assertThat(c.push().objective()).isEqualTo(PushObjective.AVERAGE_OVER_NODES);
        assertThat(c.stop().rule()).isEqualTo(StoppingRule.R4B);
        assertThat(c.choice().score()).isEqualTo(RunNodeScore.QUEUE_PER_CPU);
        assertThat(c.stop().maxPushes()).isEqualTo(CanPConfig.DEFAULT_MAX_PUSHES);
    }

    @Test
    void aWaitingJobsSearchDoublesEachPeriodUpToTheWidest() {
        CanPConfig.Waiting px = CanPConfig.px().waiting();
        assertThat(java.util.stream.IntStream.range(0, 6).map(px::seekBudgetInRound))
                .containsExactly(32, 64, 128, 256, 256, 256);
        assertThat(px.withSeekWidest(0).seekBudgetInRound(5)).as("widest below the budget: never grows").isEqualTo(32);
        assertThat(px.withSeekWidest(100).seekBudgetInRound(3)).isEqualTo(100);
        assertThatThrownBy(() -> px.withSeekWidest(2048)).hasMessageContaining("widest seek");
    }

    @Test
    void aConfigNeedsEveryPolicyAndAtLeastOnePush() {
        CanPConfig px = CanPConfig.px();
        assertThatThrownBy(() -> px.withPush(p -> p.withObjective(null)))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("objective");
        assertThatThrownBy(() -> px.withStop(s -> s.withRule(null)))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("stopping");
        assertThatThrownBy(() -> px.withStop(s -> s.withCount(null)))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("stopCount");
        assertThatThrownBy(() -> px.withChoice(c -> c.withScore(null)))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("score");
        assertThatThrownBy(() -> new CanPConfig(px.push(), px.stop(), px.choice(), null, px.waiting(), px.search()))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("offers");
        assertThatThrownBy(() -> new CanPConfig.Stop(1, StoppingRule.R4B, StopCount.HERE, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> px.withStop(s -> s.withIdleThreshold(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 = off");
        assertThatThrownBy(() -> px.withStop(s -> s.withIdleThreshold(Double.NaN)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("idle threshold");
        assertThatThrownBy(() -> px.withOffers(o -> o.withRedirects(CanPConfig.MAX_REDIRECTS + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("redirects");
        assertThatThrownBy(() -> px.withSearch(s -> s.withBudget(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("search budget");
        assertThatThrownBy(() -> px.withWaiting(w -> w.withSeekBudget(CanPConfig.MAX_SEARCH_BUDGET + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("seek budget");
    }

    @Test
    void policiesAreFoundByTheirNamesInAnyCase() {
        assertThat(PushObjective.parse("q/n2")).isEqualTo(PushObjective.AVERAGE_OVER_NODES);
        assertThat(PushObjective.parse("q/n")).isEqualTo(PushObjective.AVERAGE);
        assertThat(StoppingRule.parse("R4b")).isEqualTo(StoppingRule.R4B);
        assertThat(StoppingRule.parse("r4a")).isEqualTo(StoppingRule.R4A);
        assertThat(RunNodeScore.parse("queue/cpu")).isEqualTo(RunNodeScore.QUEUE_PER_CPU);
        assertThat(RunNodeScore.parse("(queue+1)/cpu")).isEqualTo(RunNodeScore.QUEUE_PLUS_ONE_PER_CPU);
        assertThat(RunNodeScore.parse("MCT")).isEqualTo(RunNodeScore.MCT);
        for (PushObjective p : PushObjective.values()) {
            assertThat(PushObjective.parse(p.policyName())).isEqualTo(p);
        }
        for (StoppingRule p : StoppingRule.values()) {
            assertThat(StoppingRule.parse(p.policyName())).isEqualTo(p);
        }
        for (RunNodeScore p : RunNodeScore.values()) {
            assertThat(RunNodeScore.parse(p.policyName())).isEqualTo(p);
        }
    }

    @Test
    void anUnknownPolicyNameIsRefusedWithTheValidNames() {
        assertThatThrownBy(() -> PushObjective.parse("q/n3"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("push objective").hasMessageContaining("'q/n3'")
                .hasMessageContaining("q/n2").hasMessageContaining("q/n");
        assertThatThrownBy(() -> StoppingRule.parse("R4c"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("stopping rule").hasMessageContaining("'R4c'")
                .hasMessageContaining("R4b").hasMessageContaining("R4a");
        assertThatThrownBy(() -> RunNodeScore.parse("fastest"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("run-node score").hasMessageContaining("'fastest'")
                .hasMessageContaining("queue/cpu").hasMessageContaining("(queue+1)/cpu").hasMessageContaining("mct");
    }

    @Test
    void theStopCountIsTheCountAboveHereOrAtAndAboveTheTarget() {
        PushTarget t = new PushTarget(null, 1, 3.0, 2.0, 2.0 / 3.0, 0.4);
        assertThat(StopCount.HERE.of(t)).isEqualTo(0.4);
        assertThat(StopCount.TARGET.of(t)).isEqualTo(3.0);
        // Counted at the target, three nodes make SF matter: R4b gives 1/2^SF.
        assertThat(StoppingRule.R4B.stopProbability(StopCount.TARGET.of(t), 1)).isGreaterThan(
                StoppingRule.R4B.stopProbability(StopCount.TARGET.of(t), 3));
        assertThat(StoppingRule.R4B.stopProbability(StopCount.HERE.of(t), 1)).isEqualTo(1.0);
        assertThatThrownBy(() -> StopCount.parse("there")).hasMessageContaining("here")
                .hasMessageContaining("target");
    }
}
