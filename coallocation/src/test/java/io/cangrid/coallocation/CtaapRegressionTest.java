package io.cangrid.coallocation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The co-allocation cases whose optimum is known by construction, each solved by both solvers. */
class CtaapRegressionTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private static void solvesTo(Request request, Offer offer, int optimum, int heuristic) {
        ExactSolver.Solution exact = ExactSolver.solve(request, offer, LIMIT);
        assertThat(exact.optimal()).as("the exact solver proved its answer").isTrue();
        assertThat(Constraints.violations(request, offer, exact.allocation())).isEmpty();
        assertThat(exact.allocation().size()).as("exact optimum").isEqualTo(optimum);
        Allocation found = CtaapSolver.solve(request, offer);
        assertThat(Constraints.violations(request, offer, found)).as("heuristic's allocation " + found).isEmpty();
        assertThat(found.size()).as("heuristic's allocation " + found).isEqualTo(heuristic);
    }

    @Test
    void s1TwoLinkedTasksAreSplitAcrossClustersWhenOnlyTheLinkBetweenThemIsWideEnough() {
        Request request = Request.uniform(1, 1, new int[][] {{0, 50}, {50, 0}});
        Offer offer = new Offer(new int[] {1, 1}, new int[] {1, 1}, new int[] {2, 2}, new int[][] {{40, 60}, {60, 40}});
        solvesTo(request, offer, 2, 2);
        Allocation found = CtaapSolver.solve(request, offer);
        assertThat(found.clusterOf(0)).isNotEqualTo(found.clusterOf(1));
    }

    @Test
    void s2OneClusterTooNarrowInsideTakesOneOfTwoLinkedTasks() {
        Request request = Request.uniform(1, 1, new int[][] {{0, 50}, {50, 0}});
        Offer offer = new Offer(new int[] {1}, new int[] {1}, new int[] {2}, new int[][] {{40}});
        solvesTo(request, offer, 1, 1);
    }

    @Test
    void s3WithoutLinksTheCpusAndCapacitiesDecide() {
        Request request = new Request(new int[] {10, 20, 30, 40}, new int[4], new int[4][4]);
        Offer offer = new Offer(new int[] {25, 45}, new int[2], new int[] {2, 1}, new int[2][2]);
        solvesTo(request, offer, 3, 3);
    }

    @Test
    void s4MemoryKeepsTheMiddleTaskOutOfTheFastCluster() {
        Request request = new Request(new int[] {10, 10, 10}, new int[] {4, 8, 2}, new int[3][3]);
        Offer offer = new Offer(new int[] {20, 5}, new int[] {4, 100}, new int[] {3, 3}, new int[2][2]);
        solvesTo(request, offer, 2, 2);
    }

    @Test
    void s5ATriangleFitsTwoTasksWhenTheWideClusterHasOneMachine() {
        Request request = Request.uniform(1, 1, Topology.allToAll(3, 10));
        Offer offer = new Offer(new int[] {1, 1}, new int[] {1, 1}, new int[] {3, 1}, new int[][] {{5, 100}, {100, 100}});
        solvesTo(request, offer, 2, 2);
    }

    @ParameterizedTest(name = "C5, k = {0}: optimum {1}")
    @CsvSource({"1, 5", "2, 5", "3, 4"})
    void theFiveCycle(int k, int optimum) {
        assertThat(IndependentSetInstances.optimum(5, k, 2)).isEqualTo(optimum);
        solvesTo(IndependentSetInstances.request(IndependentSetInstances.C5, 5), IndependentSetInstances.offer(5, k),
                optimum, optimum);
    }

    @ParameterizedTest(name = "Petersen, k = {0}: optimum {1}, heuristic {2}")
    @CsvSource({"3, 10, 10", "4, 10, 10", "5, 9, 9"})
    void thePetersenGraph(int k, int optimum, int heuristic) {
        assertThat(IndependentSetInstances.optimum(10, k, 4)).isEqualTo(optimum);
        solvesTo(IndependentSetInstances.request(IndependentSetInstances.PETERSEN, 10),
                IndependentSetInstances.offer(10, k), optimum, heuristic);
    }
}
