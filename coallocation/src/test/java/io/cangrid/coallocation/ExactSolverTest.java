package io.cangrid.coallocation;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The integer program against exhaustive search on instances small enough to enumerate every allocation, and
 * the heuristic against both: always feasible, never above the optimum.
 */
class ExactSolverTest {
    private static final long SEED = 20261129L;
    private static final int INSTANCES = 150;

    @Test
    void theIntegerProgramFindsWhatExhaustiveSearchFinds() {
        SplittableRandom random = new SplittableRandom(SEED);
        int heuristicOptimal = 0;
        for (int run = 0; run < INSTANCES; run++) {
            int tasks = random.nextInt(2, 7);
            int clusters = random.nextInt(1, 4);
            RandomInstances.Instance instance = RandomInstances.draw(random, tasks, clusters, 3,
                    100 * random.nextInt(1, 4), random.nextDouble());
            String what = "instance " + run + " of seed " + SEED;
            int best = exhaustive(instance.request(), instance.offer());
            ExactSolver.Solution exact = ExactSolver.solve(instance.request(), instance.offer(), Duration.ofSeconds(30));
            assertThat(exact.optimal()).as(what).isTrue();
            assertThat(Constraints.violations(instance.request(), instance.offer(), exact.allocation())).as(what).isEmpty();
            assertThat(exact.allocation().size()).as(what).isEqualTo(best);
            Allocation heuristic = CtaapSolver.solve(instance.request(), instance.offer());
            assertThat(Constraints.violations(instance.request(), instance.offer(), heuristic)).as(what).isEmpty();
            assertThat(heuristic.size()).as(what).isLessThanOrEqualTo(best);
            if (heuristic.size() == best) {
                heuristicOptimal++;
            }
        }
        // Not a bound the heuristic promises: a check that the comparison above is not vacuous.
        assertThat(heuristicOptimal).isGreaterThan(INSTANCES / 2);
    }

    /** The largest feasible allocation, by trying every cluster (or none) for every task. */
    private static int exhaustive(Request request, Offer offer) {
        int n = request.tasks();
        int choices = offer.clusters() + 1;
        int best = 0;
        int[] clusterOf = new int[n];
        int combinations = (int) Math.pow(choices, n);
        for (int code = 0; code < combinations; code++) {
            int rest = code;
            for (int i = 0; i < n; i++) {
                clusterOf[i] = rest % choices - 1;
                rest /= choices;
            }
            Allocation allocation = new Allocation(clusterOf);
            if (allocation.size() > best && Constraints.feasible(request, offer, allocation)) {
                best = allocation.size();
            }
        }
        return best;
    }
}
