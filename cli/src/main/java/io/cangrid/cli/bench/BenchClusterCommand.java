package io.cangrid.cli.bench;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.LogLevels;
import io.cangrid.cli.common.Validation;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code cangrid bench cluster}: how long {@code submit -f} of {@code queue N} takes into a live grid. */
@Command(name = "cluster",
        description = "Measure a submit file's cluster going into a grid of live nodes on 127.0.0.1 in one JVM:"
                + " 'submit -f' of 'queue N' jobs running sh -c 'exit 0', timed until every job's owner holds"
                + " it, then until every job has ended. The nodes run the jobs as confined processes as they"
                + " come; their own logging is silenced while it runs.")
public final class BenchClusterCommand implements Callable<Integer> {

    /** The goal the submission is held against. */
    static final double GOAL_SUBMIT_SECONDS = 15;

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private LoopbackGridOptions grid;

    @Option(names = "--jobs", defaultValue = "10000", description = "Jobs the file queues (default: ${DEFAULT-VALUE}).")
    private int jobs;

    @Option(names = "--end-wait", defaultValue = "600",
            description = "Seconds to wait for every job to end after the submission, as cangrid wait does"
                    + " (default: ${DEFAULT-VALUE}; 0: do not wait).")
    private long endWaitSeconds;

    @Override
    public Integer call() throws InterruptedException {
        grid.validate(spec);
        Validation.inRange(spec, "--jobs", jobs, 1, 1_000_000);
        Validation.inRange(spec, "--end-wait", endWaitSeconds, 0, 86_400);
        LogLevels.quietNodes();
        ClusterBenchmark.Result r = ClusterBenchmark.run(new ClusterBenchmark.Settings(grid.nodes, jobs, grid.periodMillis,
                endWaitSeconds));
        if (json.enabled()) {
            JsonOutput.print(spec, r);
        } else {
            var out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%d nodes; a cluster of %d jobs, %s%n", r.nodes(), r.jobs(), r.execution());
            out.printf(Locale.ROOT, "submitted in %.2f s (%.0f jobs/s), every job held by its owner%n",
                    r.submitSeconds(), r.submittedPerSecond());
            if (r.waitExit() == 0) {
                out.printf(Locale.ROOT, "all completed %.1f s after the submission began%n", r.endedSeconds());
            } else if (r.waitExit() > 0) {
                out.printf(Locale.ROOT, "not all completed within %d s of waiting (wait's exit code %d)%n",
                        endWaitSeconds, r.waitExit());
            }
            out.printf(Locale.ROOT, "goal: submitted in under %.0f s: %s%n", GOAL_SUBMIT_SECONDS,
                    r.submitSeconds() < GOAL_SUBMIT_SECONDS ? "met" : "MISSED");
            out.flush();
        }
        return 0;
    }
}
