package io.cangrid.cli.bench;

import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.cli.node.SubmitCommand;
import io.cangrid.cli.node.WaitCommand;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.exec.ExecPolicy;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * A submit file's cluster into a live grid: {@code queue N} of a job that runs {@code sh -c 'exit 0'},
 * submitted by {@code cangrid submit -f} (run in this JVM, so that its own start is not counted) to one node
 * of a loopback grid whose nodes run every job as a confined process as it comes. It times the submission,
 * which returns once every job's owner holds it, and then {@code cangrid wait} for the cluster, which returns
 * once every job has ended.
 */
final class ClusterBenchmark {

    private static final long SETTLE_PERIODS = 3;
    /** The grid's nodes run this program only. */
    private static final String PROGRAM = "sh";

    private static final Pattern SUBMITTED = Pattern.compile("submitted to cluster (c\\d+)");

    private ClusterBenchmark() {
    }

    record Settings(int nodes, int jobs, long updatePeriodMillis, long endWaitSeconds) {
    }

    /**
     * @param submitSeconds from the submit command's start to its return, every job held by its owner
     * @param endedSeconds  from the submit command's start to the return of {@code wait}, or NaN when not waited
     * @param waitExit      {@code wait}'s exit code: 0 when every job completed with exit code 0, 5 on its timeout
     */
    record Result(int nodes, int jobs, String execution, double submitSeconds, double submittedPerSecond,
            double endedSeconds, int waitExit, long updatePeriodMillis) {
    }

    /** A client command run in this JVM, its output kept. */
    private record Run(int exit, String out, String err) {

        static Run of(Object command, List<String> client, String... rest) {
            List<String> args = new ArrayList<>(client);
            args.addAll(List.of(rest));
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine line = new CommandLine(command);
            line.setOut(new PrintWriter(out, true));
            line.setErr(new PrintWriter(err, true));
            int exit = line.execute(args.toArray(String[]::new));
            return new Run(exit, out.toString(), err.toString().strip());
        }
    }

    static Result run(Settings s) throws InterruptedException {
        Path dir;
        try {
            dir = Files.createTempDirectory("cangrid-bench-cluster");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a work directory for the bench", e);
        }
        Path secret = dir.resolve("secret");
        try {
            Files.writeString(dir.resolve("cluster.sub"), "# " + s.jobs() + " jobs that do nothing\n"
                    + "executable = " + PROGRAM + "\n" + "arguments = \"-c 'exit 0'\"\n" + "queue " + s.jobs() + "\n");
            return measure(s, dir, secret);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the bench's submit file in " + dir, e);
        } finally {
            JobBenchmark.delete(dir);
        }
    }

    private static Result measure(Settings s, Path dir, Path secret) throws InterruptedException {
        try (LoopbackGrid grid = LoopbackGrid.start(s.nodes(), SecretFile.load(secret, true), dir.resolve("grid"),
                ExecPolicy.parse("allow:" + PROGRAM), s.updatePeriodMillis(), JobConfig.defaults(), JobEvents.NONE, 2)) {
            Thread.sleep(SETTLE_PERIODS * s.updatePeriodMillis());
            List<String> client = List.of("--secret-file", secret.toString(), "--key-file",
                    dir.resolve("client.key").toString(), "--clusters-dir", dir.resolve("clusters").toString(),
                    "--peer", grid.address(0));
            long start = System.nanoTime();
            Run submit = Run.of(new SubmitCommand(), client, "-f", dir.resolve("cluster.sub").toString());
            double submitSeconds = (System.nanoTime() - start) / 1e9;
            Matcher cluster = SUBMITTED.matcher(submit.out);
            if (submit.exit != 0 || !cluster.find()) {
                throw new IllegalStateException("the submission failed (exit " + submit.exit + "): " + submit.err
                        + submit.out);
            }
            double endedSeconds = Double.NaN;
            int waitExit = -1;
            if (s.endWaitSeconds() > 0) {
                Run wait = Run.of(new WaitCommand(), client, "--timeout", s.endWaitSeconds() + "s", cluster.group(1));
                endedSeconds = (System.nanoTime() - start) / 1e9;
                waitExit = wait.exit;
            }
            return new Result(s.nodes(), s.jobs(), "confined processes (" + PROGRAM + " -c 'exit 0')", submitSeconds,
                    s.jobs() / submitSeconds, endedSeconds, waitExit, s.updatePeriodMillis());
        }
    }
}
