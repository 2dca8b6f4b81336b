package io.cangrid.cli.demo;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.UserError;
import io.cangrid.cli.dashboard.DashboardToken;
import io.cangrid.cli.common.HostPort;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.NetConfig;
import io.cangrid.live.GridSecret;
import io.cangrid.overlay.resource.ResourceSchema;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cangrid demo}: a live grid of separate {@code cangrid node} processes on 127.0.0.1, in a fresh
 * directory with a fresh secret; submits short shell jobs through random nodes, kills one node with SIGKILL
 * half way, follows every job to its end, runs one job with an input and an output file, checks what came
 * back and prints a summary. Everything started is stopped on exit and on Ctrl-C.
 */
@Command(name = "demo", description = "Run a small live grid on this machine and push jobs through it.")
public final class DemoCommand implements Callable<Integer> {

    static final long FOLLOW_LIMIT_MILLIS = 75_000;
    static final long POLL_MILLIS = 200;
    static final long FILE_JOB_LIMIT_MILLIS = 30_000;

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Option(names = "--nodes", defaultValue = "8", description = "Node processes (default: ${DEFAULT-VALUE}).")
    private int nodes;

    @Option(names = "--jobs", defaultValue = "100", description = "Jobs to submit (default: ${DEFAULT-VALUE}).")
    private int jobs;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the job sizes and peers chosen.")
    private long seed;

    @Option(names = "--http", paramLabel = "[HOST:]PORT", converter = HostPort.LoopbackConverter.class,
            description = "Serve the web dashboard from the first node (which the demo never kills) while the"
                    + " demo runs; a port alone is on 127.0.0.1.")
    private HostPort http;

    @Override
    public Integer call() throws Exception {
        if (nodes < 2 || nodes > 32 || jobs < 1 || jobs > 10_000) {
            throw new UserError("--nodes must be 2..32 and --jobs 1..10000");
        }
        if (http != null && http.port() == 0) {
            throw new UserError("--http needs a port, so that the demo can tell where the dashboard is");
        }
        Path jar = LocalGrid.runningJar();
        if (jar == null) {
            throw new UserError("demo starts node processes from the cangrid jar: run it through bin/cangrid");
        }
        Path dir = Files.createTempDirectory("cangrid-demo");
        LocalGrid grid = new LocalGrid(dir, jar, List.of("--exec", "allow:sh", "--set", "grid.update-period=300ms",
                "--set", "grid.heartbeat-period=1s", "--cpu", "1", "--memory", "1GiB", "--disk", "10GiB"),
                http == null ? List.of() : List.of("--http", http.toString()));
        Thread onCtrlC = new Thread(() -> closeQuietly(grid), "cangrid-demo-stop");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        PrintStream err = System.err;
        boolean allRight = false;
        try {
            err.printf("starting %d nodes in %s (removed at the end)%n", nodes, dir);
            long t0 = System.nanoTime();
            grid.start(nodes, (i, address) -> err.printf("  node %d/%d up at %s (%.1f s)%n", i + 1, nodes, address,
                    (System.nanoTime() - t0) / 1e9));
            if (http != null) {
                err.println("dashboard: " + DashboardToken.of(SecretFile.load(grid.secret(), false))
                        .url(http.host(), http.port()));
            }
            Thread.sleep(3_000); // ten update periods: the last joiners settle
            List<GridClient> clients = clients(grid);
            DemoRun run = new DemoRun(grid, clients, new SplittableRandom(seed));
            DemoFileJob.Outcome files;
            try {
                try (ProgressBar bar = bar(err)) {
                    // Never node 0 (its dashboard, the job with files); with --nodes 2 the only other is 1.
                    run.submitAll(jobs, Math.min(nodes / 2 + 1, nodes - 1), bar::stepTo);
                    run.followAll(FOLLOW_LIMIT_MILLIS, POLL_MILLIS, bar::stepTo);
                }
                err.printf("a job with files: %s in, %s out%n", DemoFileJob.INPUT, DemoFileJob.OUTPUT);
                // Through the first node, which the demo never kills: this job shows files, not failover.
                files = DemoFileJob.write(dir, new SplittableRandom(seed)).run(clients.get(0),
                        Duration.ofMillis(FILE_JOB_LIMIT_MILLIS));
            } finally {
                run.close();
            }
            Map<String, Object> summary = run.summary();
            summary.put("fileJob", files.facts());
            if (json.enabled()) {
                JsonOutput.print(spec, summary);
            } else {
                DemoRun.print(spec.commandLine().getOut(), summary);
                files.print(spec.commandLine().getOut());
            }
            if (!files.correct()) {
                err.printf("demo: the job with files went wrong: %s%n", files.problem());
            }
            allRight = (int) summary.get("completed") == jobs && files.correct();
            return allRight ? 0 : 1;
        } finally {
            grid.close();
            Runtime.getRuntime().removeShutdownHook(onCtrlC);
            if (allRight) {
                removeQuietly(dir);
            } else {
                err.printf("node logs kept in %s, as not every job completed correctly (the grid's secret is there"
                        + " too: delete the directory when done)%n", dir);
            }
        }
    }

    private static List<GridClient> clients(LocalGrid grid) {
        GridSecret secret = SecretFile.load(grid.secret(), false);
        List<GridClient> out = new ArrayList<>();
        for (String a : grid.addresses()) {
            int colon = a.lastIndexOf(':');
            out.add(new GridClient(NetConfig.of(NetConfig.DEFAULT_GRID, secret), a.substring(0, colon),
                    Integer.parseInt(a.substring(colon + 1))));
        }
        return out;
    }

    private ProgressBar bar(PrintStream err) {
        return new ProgressBarBuilder().setTaskName("jobs ended").setInitialMax(jobs).setUnit(" jobs", 1)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250)
                .setConsumer(new ConsoleProgressBarConsumer(err)).build();
    }

    /** Deletes the demo's directory: its nodes' work directories, logs and secret. */
    private static void removeQuietly(Path dir) {
        try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            System.err.printf("could not remove %s: %s%n", dir, e.getMessage());
        }
    }

    private static void closeQuietly(LocalGrid grid) {
        try {
            grid.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A short shell job: a random sleep of 0.2 to 1.4 s, then a line naming it. */
    static JobSpec job(int n, SplittableRandom random) {
        double sleep = 0.2 + random.nextInt(13) / 10.0;
        JobCommand cmd = JobCommand.of("sh", "-c", "sleep " + sleep + "; echo demo job " + n + " slept " + sleep);
        return JobSpec.requiring(ResourceSchema.desktopSchema(), Map.of(), sleep, "demo-" + n).withCommand(cmd);
    }

    static JobStatusReply statusOrNull(GridClient c, JobId id) {
        try {
            return c.status(id);
        } catch (IOException e) {
            return null;
        }
    }
}
