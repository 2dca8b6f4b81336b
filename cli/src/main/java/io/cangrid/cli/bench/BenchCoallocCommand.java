package io.cangrid.cli.bench;

import io.cangrid.bench.coalloc.CoallocationExperiments;
import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.Validation;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cangrid bench coalloc}: the topology-aware co-allocation heuristic against the exact solver, as the
 * CTAAP-Solver paper's two experiments: {@code fit} (quality as a task's chance of fitting a cluster rises)
 * and {@code scale} (both solvers' times as the request grows).
 */
@Command(name = "coalloc",
        description = "Judge the co-allocation heuristic against the exact solver: quality by offer range (fit) or time by request size (scale).")
public final class BenchCoallocCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Option(names = "--experiment", defaultValue = "fit",
            description = "fit: 50 tasks, 5 clusters, offers from 1..100r for r = 1..--ranges; scale: 5 clusters, growing --sizes (default: ${DEFAULT-VALUE}).")
    private String experiment;

    @Option(names = "--runs", defaultValue = "100", description = "Instances per row (default: ${DEFAULT-VALUE}).")
    private int runs;

    @Option(names = "--ranges", defaultValue = "5", description = "fit: offer ranges 1..100r for r up to this (default: ${DEFAULT-VALUE}).")
    private int ranges;

    @Option(names = "--sizes", split = ",", defaultValue = "10,20,30,40,50,60,80,100",
            description = "scale: request sizes in tasks (default: ${DEFAULT-VALUE}).")
    private int[] sizes;

    @Option(names = "--density", defaultValue = "0.1",
            description = "Probability that two tasks communicate (default: ${DEFAULT-VALUE}).")
    private double density;

    @Option(names = "--exact-limit", defaultValue = "60",
            description = "Seconds the exact solver may take per instance before its best is taken unproven (default: ${DEFAULT-VALUE}).")
    private int exactLimit;

    @Option(names = "--seed", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Override
    public Integer call() {
        Validation.atLeast(spec, "--runs", runs, 1);
        Validation.inRange(spec, "--ranges", ranges, 1, 20);
        Validation.inRange(spec, "--density", density, 0.0, 1.0);
        Validation.atLeast(spec, "--exact-limit", exactLimit, 1);
        for (int size : sizes) {
            Validation.inRange(spec, "--sizes", size, 1, 10_000);
        }
        Duration limit = Duration.ofSeconds(exactLimit);
        PrintWriter out = spec.commandLine().getOut();
        switch (experiment) {
            case "fit" -> {
                CoallocationExperiments.FitExperiment result =
                        CoallocationExperiments.fit(seed, runs, ranges, density, limit);
                if (json.enabled()) {
                    JsonOutput.print(spec, result);
                } else {
                    for (CoallocationExperiments.FitRow row : result.rows()) {
                        out.printf(Locale.ROOT, "offers 1..%d (fit %.1f%%): allocated/optimal %.3f, optimal in %.0f%%,"
                                        + " mean optimum %.1f; heuristic %.1f ms, exact %.1f ms (median)%n",
                                row.offerRange(), 100 * row.fitMeasured(), row.allocatedOverOptimal(),
                                100 * row.shareOptimal(), row.meanOptimum(), row.heuristicMillisMedian(),
                                row.exactMillisMedian());
                    }
                }
            }
            case "scale" -> {
                CoallocationExperiments.ScaleExperiment result =
                        CoallocationExperiments.scale(seed, sizes, runs, density, limit);
                if (json.enabled()) {
                    JsonOutput.print(spec, result);
                } else {
                    for (CoallocationExperiments.ScaleRow row : result.rows()) {
                        out.printf(Locale.ROOT, "%d tasks: heuristic %.1f ms (max %.1f), exact %.1f ms (max %.1f,"
                                        + " %d unproven); allocated/optimal %.3f%n", row.tasks(),
                                row.heuristicMillisMedian(), row.heuristicMillisMax(), row.exactMillisMedian(),
                                row.exactMillisMax(), row.exactUnproven(), row.allocatedOverOptimal());
                    }
                }
            }
            default -> throw Validation.fail(spec, "--experiment " + experiment + " is not an experiment; use fit or scale");
        }
        return 0;
    }
}
