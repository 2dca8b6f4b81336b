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

/** {@code cangrid bench jobs}: submission-to-start latency and matching throughput of an idle live grid. */
@Command(name = "jobs",
        description = "Measure an idle grid of live nodes on 127.0.0.1 in one JVM taking trivial jobs at random"
                + " peers: time from submission to start (p50, p99) and jobs matched per second grid-wide."
                + " The nodes' own logging is silenced while it runs.")
public final class BenchJobsCommand implements Callable<Integer> {

    /** The goals the measure is held against. */
    static final double GOAL_P99_MILLIS = 100;
    static final double GOAL_MATCHED_PER_SECOND = 200;

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private LoopbackGridOptions grid;

    @Option(names = "--jobs", defaultValue = "2000", description = "Measured jobs (default: ${DEFAULT-VALUE}).")
    private int jobs;

    @Option(names = "--warmup", defaultValue = "1000",
            description = "Jobs run first and not measured, so that the code is compiled (default: ${DEFAULT-VALUE}).")
    private int warmup;

    @Option(names = "--submitters", defaultValue = "32",
            description = "Threads submitting at once (default: ${DEFAULT-VALUE}).")
    private int submitters;

    @Option(names = "--rate", defaultValue = "200",
            description = "Jobs offered per second, evenly spaced, in the run that measures latency (a second run"
                    + " submits as fast as the submitters go, for the most matched per second; default:"
                    + " ${DEFAULT-VALUE}; 0: both as fast as possible).")
    private double rate;

    @Option(names = "--via", defaultValue = "client",
            description = "client: through the client API, one session per node kept for all submissions;"
                    + " inject: handed to the node's job agent on its thread (default: ${DEFAULT-VALUE}).")
    private JobBenchmark.Via via;

    @Option(names = "--work", defaultValue = "0.01",
            description = "Seconds of work per job, which a run node lets pass (default: ${DEFAULT-VALUE}).")
    private double work;

    @Override
    public Integer call() throws InterruptedException {
        grid.validate(spec);
        Validation.inRange(spec, "--jobs", jobs, 1, 1_000_000);
        Validation.inRange(spec, "--warmup", warmup, 0, 1_000_000);
        Validation.inRange(spec, "--submitters", submitters, 1, 256);
        Validation.inRange(spec, "--rate", rate, 0, 100_000);
        Validation.require(work >= 0 && work <= 60, spec, "--work must be between 0 and 60 seconds");
        LogLevels.quietNodes();
        JobBenchmark.Result r = JobBenchmark.run(new JobBenchmark.Settings(grid.nodes, jobs, warmup, submitters, rate,
                work, grid.periodMillis, via));
        if (json.enabled()) {
            JsonOutput.print(spec, r);
        } else {
            var out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%d nodes; jobs submitted at random peers by %d submitters via %s; %s;"
                    + " %d warm-up jobs first%n", r.nodes(), r.submitters(), r.via(), r.execution(), r.warmupJobs());
            String offered = r.offeredPerSecond() > 0 ? String.format(Locale.ROOT, "at %.0f/s", r.offeredPerSecond())
                    : "as fast as possible";
            out.printf(Locale.ROOT, "%d jobs offered %s (%d started): submission to start p50 %.1f ms,"
                    + " p95 %.1f ms, p99 %.1f ms, max %.1f ms; from the node taking the job p50 %.1f ms, p99 %.1f ms"
                    + " (to a run queue p50 %.1f ms, p99 %.1f ms; in it p50 %.1f ms, p99 %.1f ms);"
                    + " one submission call p50 %.1f ms, p99 %.1f ms; %.0f matched/s; this JVM used %.2f of %d"
                    + " cores%n", r.jobs(), offered, r.started(), r.p50Millis(), r.p95Millis(),
                    r.p99Millis(), r.maxMillis(), r.gridP50Millis(), r.gridP99Millis(), r.matchP50Millis(),
                    r.matchP99Millis(), r.runQueueP50Millis(), r.runQueueP99Millis(), r.submitP50Millis(),
                    r.submitP99Millis(), r.matchedPerSecondAtRate(), r.cpuCoresUsed(),
                    Runtime.getRuntime().availableProcessors());
            out.printf(Locale.ROOT, "%d jobs as fast as possible (%d started): %.0f jobs matched/s grid-wide"
                    + " (%.0f submitted/s), submission to start p50 %.1f ms, p99 %.1f ms; %d rematched%n", r.jobs(),
                    r.startedSaturated(), r.jobsMatchedPerSecond(), r.submittedPerSecond(), r.saturatedP50Millis(),
                    r.saturatedP99Millis(), r.rematched());
            out.printf(Locale.ROOT, "idle before the jobs: %.0f bytes and %.1f messages a second a node%n",
                    r.idleBytesPerSecondPerNode(), r.idleMessagesPerSecondPerNode());
            out.printf(Locale.ROOT, "goals: p99 <= %.0f ms offered %s: %s; >= %.0f jobs matched/s: %s%n",
                    GOAL_P99_MILLIS, offered, r.p99Millis() <= GOAL_P99_MILLIS ? "met" : "MISSED",
                    GOAL_MATCHED_PER_SECOND, r.jobsMatchedPerSecond() >= GOAL_MATCHED_PER_SECOND ? "met" : "MISSED");
            out.flush();
        }
        return 0;
    }
}
