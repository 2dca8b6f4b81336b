package io.cangrid.bench.coalloc;

import io.cangrid.coallocation.Allocation;
import io.cangrid.coallocation.Constraints;
import io.cangrid.coallocation.CtaapSolver;
import io.cangrid.coallocation.ExactSolver;
import io.cangrid.coallocation.RandomInstances;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The CTAAP-Solver paper's two experiments on the co-allocation solvers. The first asks how close the
 * heuristic comes to the optimum as a task's chance of fitting a cluster rises (offers drawn from 1..100·r);
 * the second how the heuristic's time and the exact solver's grow with the request. Instances come from one
 * seed, so a second run judges the same instances; only the times vary.
 */
public final class CoallocationExperiments {
    /** Experiment 1 at one offer range: the mean of allocated over optimal and how often the optimum was hit. */
    public record FitRow(int offerRange, double fitProbability, double fitMeasured, int runs, double meanOptimum,
                         double meanAllocated, double allocatedOverOptimal, double shareOptimal, int exactUnproven,
                         int heuristicInfeasible, double heuristicMillisMedian, double exactMillisMedian) {
    }

    public record FitExperiment(long seed, int tasks, int clusters, int maxCapacity, double density, List<FitRow> rows) {
    }

    /** Experiment 2 at one request size: both solvers' times (median and largest) and the heuristic's quality. */
    public record ScaleRow(int tasks, int runs, double heuristicMillisMedian, double heuristicMillisMax,
                           double exactMillisMedian, double exactMillisMax, int exactUnproven,
                           double allocatedOverOptimal) {
    }

    public record ScaleExperiment(long seed, int clusters, double density, long exactLimitSeconds, List<ScaleRow> rows) {
    }

    public static final int TASKS = 50;
    public static final int CLUSTERS = 5;
    public static final int MAX_CAPACITY = 11;

    private CoallocationExperiments() {
    }

    public static FitExperiment fit(long seed, int runs, int ranges, double density, Duration limit) {
        warmUp(limit);
        SplittableRandom random = new SplittableRandom(seed);
        List<FitRow> rows = new ArrayList<>();
        for (int r = 1; r <= ranges; r++) {
            int range = RandomInstances.REQUEST_RANGE * r;
            Tally tally = new Tally(runs);
            long fitting = 0;
            for (int run = 0; run < runs; run++) {
                RandomInstances.Instance instance = RandomInstances.draw(random, TASKS, CLUSTERS, MAX_CAPACITY, range, density);
                for (int i = 0; i < TASKS; i++) {
                    for (int j = 0; j < CLUSTERS; j++) {
                        fitting += instance.offer().fits(instance.request(), i, j) ? 1 : 0;
                    }
                }
                tally.add(instance, limit);
            }
            double expected = (r - 1.0) / r + 0.505 / r;
            rows.add(new FitRow(range, expected, fitting / (double) (runs * TASKS * CLUSTERS), runs,
                    tally.meanOptimum(), tally.meanAllocated(), tally.ratio(), tally.shareOptimal(),
                    tally.unproven, tally.infeasible, median(tally.heuristicMillis), median(tally.exactMillis)));
        }
        return new FitExperiment(seed, TASKS, CLUSTERS, MAX_CAPACITY, density, rows);
    }

    public static ScaleExperiment scale(long seed, int[] sizes, int runs, double density, Duration limit) {
        warmUp(limit);
        SplittableRandom random = new SplittableRandom(seed);
        List<ScaleRow> rows = new ArrayList<>();
        for (int tasks : sizes) {
            Tally tally = new Tally(runs);
            for (int run = 0; run < runs; run++) {
                tally.add(RandomInstances.draw(random, tasks, CLUSTERS, Math.max(1, tasks / CLUSTERS),
                        2 * RandomInstances.REQUEST_RANGE, density), limit);
            }
            rows.add(new ScaleRow(tasks, runs, median(tally.heuristicMillis), max(tally.heuristicMillis),
                    median(tally.exactMillis), max(tally.exactMillis), tally.unproven, tally.ratio()));
        }
        return new ScaleExperiment(seed, CLUSTERS, density, limit.toSeconds(), rows);
    }

    /**
     * Both solvers once on instances of another seed, untimed, so that loading the exact solver's native
     * library and compiling the heuristic's code is not counted in the first instance's time.
     */
    private static void warmUp(Duration limit) {
        SplittableRandom random = new SplittableRandom(-1);
        for (int run = 0; run < 3; run++) {
            new Tally(1).add(RandomInstances.draw(random, TASKS, CLUSTERS, MAX_CAPACITY, 200, 0.1), limit);
        }
    }

    /** Both solvers on each instance: sizes, times, and the checks every heuristic answer must pass. */
    private static final class Tally {
        private final double[] heuristicMillis;
        private final double[] exactMillis;
        private int count;
        private long optimumSum;
        private long allocatedSum;
        private double ratioSum;
        private int optimal;
        private int unproven;
        private int infeasible;

        Tally(int runs) {
            heuristicMillis = new double[runs];
            exactMillis = new double[runs];
        }

        void add(RandomInstances.Instance instance, Duration limit) {
            long start = System.nanoTime();
            Allocation heuristic = CtaapSolver.solve(instance.request(), instance.offer());
            long solved = System.nanoTime();
            ExactSolver.Solution exact = ExactSolver.solve(instance.request(), instance.offer(), limit);
            long judged = System.nanoTime();
            heuristicMillis[count] = (solved - start) / 1e6;
            exactMillis[count] = (judged - solved) / 1e6;
            count++;
            if (!Constraints.feasible(instance.request(), instance.offer(), heuristic)) {
                infeasible++;
            }
            if (!exact.optimal()) {
                unproven++;
            }
            int best = Math.max(exact.allocation().size(), heuristic.size());
            optimumSum += best;
            allocatedSum += heuristic.size();
            ratioSum += best == 0 ? 1 : heuristic.size() / (double) best;
            optimal += heuristic.size() == best ? 1 : 0;
        }

        double meanOptimum() {
            return optimumSum / (double) count;
        }

        double meanAllocated() {
            return allocatedSum / (double) count;
        }

        double ratio() {
            return ratioSum / count;
        }

        double shareOptimal() {
            return optimal / (double) count;
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n == 0 ? 0 : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(0);
    }
}
