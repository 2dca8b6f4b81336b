package io.cangrid.jobs.exec;

import static io.cangrid.jobs.exec.ExecFixture.gone;
import static io.cangrid.jobs.exec.ExecFixture.marker;
import static io.cangrid.jobs.exec.ExecFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.Execution;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Real runs on this machine, with and without the sandbox: what comes back, what is refused, and that every
 * process a job starts ends with it however it ends, even those that detach ({@code nohup}, a double fork,
 * {@code setsid}).
 */
class ProcessExecutionTest {

    private static final Duration GONE_WITHIN = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    private ExecFixture fx;
    private final java.util.List<String> markers = new java.util.ArrayList<>();

    private ExecFixture fx() {
        if (fx == null) {
            fx = new ExecFixture(dir);
        }
        return fx;
    }

    private String mark(int seconds) {
        String m = marker(seconds);
        markers.add(m);
        return m;
    }

    @AfterEach
    void killWhatATestLeft() throws InterruptedException {
        ExecFixture.killMarked(markers.toArray(String[]::new));
        if (fx != null) {
            gone(GONE_WITHIN, markers.toArray(String[]::new));
            fx.release();
        }
    }

    private static ExecSettings any(SandboxMode mode) {
        return ExecSettings.of(ExecPolicy.any()).withSandbox(mode);
    }

    @ParameterizedTest
    @EnumSource(value = SandboxMode.class, names = {"NONE", "BWRAP"})
    void aNonZeroExitIsACompletedRunWithItsCodeAndOutput(SandboxMode mode) throws Exception {
        Execution.Ended e = fx().run(fx().execution(any(mode)), new JobCommand(new String[] {"sh", "-c",
                "cat in.txt; echo \"$GREETING\" >&2; echo result > out.txt; exit 3"}, new String[] {"GREETING=hello"},
                new InputFile[] {new InputFile("in.txt", "from input\n".getBytes(StandardCharsets.UTF_8))},
                new String[] {"out.txt", "missing.txt"}, 0));
        assertThat(e.error()).isNull();
        assertThat(e.output().exitCode()).isEqualTo(3);
        assertThat(e.output().stdout()).isEqualTo("from input\n");
        assertThat(e.output().stderr()).isEqualTo("hello\n");
        assertThat(new String(e.output().file("out.txt").content(), StandardCharsets.UTF_8)).isEqualTo("result\n");
        assertThat(e.output().notes()).contains("output missing.txt was not produced");
        try (Stream<Path> left = Files.list(fx().runs)) {
            assertThat(left).as("run directories are removed").isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(value = SandboxMode.class, names = {"NONE", "BWRAP"})
    void aJobSeesOnlyTheDocumentedVariablesNotTheNodes(SandboxMode mode) throws Exception {
        Execution.Ended e = fx().run(fx().execution(any(mode)), new JobCommand(new String[] {"env"},
                new String[] {"MINE=1"}, new InputFile[0], new String[0], 0));
        Set<String> names = new TreeSet<>();
        e.output().stdout().lines().forEach(l -> names.add(l.substring(0, l.indexOf('='))));
        assertThat(names).as("the node's own environment (%s...) stays with the node", System.getenv().keySet()
                .stream().limit(5).toList()).isSubsetOf("PATH", "LANG", "LC_ALL", "TZ", "HOME", "TMPDIR",
                        "CANGRID_JOB", "MINE");
        assertThat(names).contains("PATH", "HOME", "CANGRID_JOB", "MINE");
    }

    @ParameterizedTest
    @EnumSource(value = SandboxMode.class, names = {"NONE", "BWRAP"})
    void theTimeLimitEndsEveryProcessTheJobStarted(SandboxMode mode) throws Exception {
        String forked = mark(313);
        String nohup = mark(315);
        String session = mark(317);
        String main = mark(100);
        long started = System.nanoTime();
        Execution.Ended e = fx().run(fx().execution(any(mode)), shell("(sleep " + forked + " &); nohup sleep " + nohup
                + " >/dev/null 2>&1 & setsid sleep " + session + " & sleep " + main, 1000));
        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(30_000);
        assertThat(e.error()).contains("time limit of 1000 ms");
        assertThat(gone(GONE_WITHIN, forked, nohup, session, main)).as("double-forked, nohup'ed and setsid"
                + " descendants end with the job").isTrue();
    }

    @ParameterizedTest
    @EnumSource(value = SandboxMode.class, names = {"NONE", "BWRAP"})
    void whatAJobLeftRunningEndsWhenItCompletes(SandboxMode mode) throws Exception {
        String nohup = mark(315);
        String forked = mark(313);
        String session = mark(317);
        Execution.Ended e = fx().run(fx().execution(any(mode)), shell("nohup sleep " + nohup + " >/dev/null 2>&1 &"
                + " (sleep " + forked + " &); setsid sleep " + session + " >/dev/null 2>&1 & echo done", 0));
        assertThat(e.error()).isNull();
        assertThat(e.output().stdout()).isEqualTo("done\n");
        assertThat(gone(GONE_WITHIN, nohup, forked, session)).isTrue();
    }

    @ParameterizedTest
    @EnumSource(value = SandboxMode.class, names = {"NONE", "BWRAP"})
    void anAbortedRunEndsEveryProcessAndReportsNothing(SandboxMode mode) throws Exception {
        String forked = mark(313);
        String session = mark(317);
        String main = mark(100);
        ProcessExecution exec = fx().execution(any(mode));
        AtomicReference<Execution.Ended> ended = new AtomicReference<>();
        Execution.Run run = exec.start(ExecFixture.job(shell("(sleep " + forked + " &); setsid sleep " + session
                + " & sleep " + main, 0)), ended::set);
        assertThat(ExecFixture.appears(Duration.ofSeconds(20), main)).isTrue();
        run.abort();
        assertThat(gone(GONE_WITHIN, forked, session, main)).isTrue();
        assertThat(fx().ctx.runNext(1)).as("an aborted run reports nothing").isFalse();
    }

    @ParameterizedTest
    @EnumSource(value = SandboxMode.class, names = {"NONE", "BWRAP"})
    void aJobPrintingWithoutEndLeavesAtMostTheCapOnDisk(SandboxMode mode) throws Exception {
        ExecLimits limits = new ExecLimits(64 * 1024, 1024);
        ProcessExecution exec = fx().execution(any(mode).withLimits(limits));
        AtomicLong largest = new AtomicLong();
        AtomicReference<Execution.Ended> ended = new AtomicReference<>();
        exec.start(ExecFixture.job(shell("head -c 300000000 /dev/zero; head -c 1000000 /dev/zero >&2", 0)),
                ended::set);
        Thread watcher = new Thread(() -> {
            while (ended.get() == null && !Thread.currentThread().isInterrupted()) {
                largest.accumulateAndGet(sizeOf(fx().runs), Math::max);
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        });
        watcher.start();
        assertThat(fx().ctx.runNext(120)).isTrue();
        watcher.interrupt();
        watcher.join();
        assertThat(largest.get()).as("bytes on disk while 300 MB were printed").isLessThanOrEqualTo(limits.streamBytes());
        assertThat(ended.get().output().stdout()).startsWith("\0".repeat(1000))
                .contains("[cangrid: stdout truncated: kept 65536 of 300000000 bytes]");
        assertThat(ended.get().output().notes()).contains("stdout truncated: kept 65536 of 300000000 bytes")
                .contains("stderr truncated: kept 65536 of 1000000 bytes");
    }

    private static long sizeOf(Path p) {
        if (!Files.exists(p)) {
            return 0;
        }
        try (Stream<Path> all = Files.walk(p)) {
            return all.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return 0; // a run directory removed while it was walked
        }
    }

    @ParameterizedTest
    @EnumSource(value = SandboxMode.class, names = {"NONE", "BWRAP"})
    void aSymlinkedOutputIsNotFollowed(SandboxMode mode) throws Exception {
        Path secret = dir.resolve("node-secret");
        Files.writeString(secret, "the grid's secret");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r--r--"));
        Execution.Ended e = fx().run(fx().execution(any(mode)), shell("ln -s " + secret + " out; echo real > real",
                0, "out", "real"));
        assertThat(e.error()).isNull();
        assertThat(e.output().file("out")).as("the link's target stays where it is").isNull();
        assertThat(e.output().file("real")).isNotNull();
        assertThat(e.output().notes()).contains("output out is a symbolic link: not collected");
        assertThat(Arrays.toString(e.output().files())).doesNotContain("secret");
    }

    @Test
    void outputsOverTheLimitEndTheJobFailedNamingTheLimit() throws Exception {
        Execution.Ended e = fx().run(fx().execution(any(SandboxMode.NONE).withLimits(new ExecLimits(1000, 100))),
                shell("head -c 5000 /dev/zero | tr '\\0' x; head -c 500 /dev/zero > big", 0, "big"));
        assertThat(e.error()).contains("output limit of 100 bytes").contains("grid.job.output-limit");
        assertThat(e.output().stdout()).startsWith("x".repeat(1000))
                .contains("[cangrid: stdout truncated: kept 1000 of 5000 bytes]");
    }

    @ParameterizedTest
    @EnumSource(value = SandboxMode.class, names = {"NONE", "BWRAP"})
    void writingPastTheDiskQuotaEndsTheJobFailedNamingTheQuota(SandboxMode mode) throws Exception {
        ExecLimits limits = ExecLimits.DEFAULT.withDisk(1 << 20);
        Execution.Ended e = fx().run(fx().execution(any(mode).withLimits(limits)),
                shell("for i in 1 2 3 4 5 6 7 8; do head -c 300000 /dev/zero > f$i; done; sleep 20", 0));
        assertThat(e.error()).contains("disk quota of 1 MiB").contains("grid.job.disk-quota");
    }

    @ParameterizedTest
    @EnumSource(value = SandboxMode.class, names = {"NONE", "BWRAP"})
    void goingOverTheMemoryLimitEndsTheJobFailedNamingTheLimit(SandboxMode mode) throws Exception {
        Cgroups probe = Cgroups.detect("probe" + System.nanoTime());
        boolean memoryCgroup = probe.limitsMemory();
        probe.release();
        org.junit.jupiter.api.Assumptions.assumeTrue(memoryCgroup,
                "memory is limited where the node may make a memory cgroup (CI runs as root)");
        ExecLimits limits = ExecLimits.DEFAULT.withMemory(64L << 20);
        Execution.Ended e = fx().run(fx().execution(any(mode).withLimits(limits)),
                shell("x=$(head -c 400000000 /dev/zero | tr '\\0' a); echo ${#x}", 60_000));
        assertThat(e.error()).contains("memory limit of 64 MiB").contains("grid.job.memory-limit");
    }

    @Test
    void aResultTooLargeForOneMessageEndsTheJobFailedSayingWhy() throws Exception {
        ResultFit fit = new ResultFit(out -> out.stdout().length() + 100, 10_000);
        Execution.Ended e = fx().run(fx().execution(any(SandboxMode.NONE), fit), shell("head -c 50000 /dev/zero", 0));
        assertThat(e.error()).contains("does not fit one message").contains("grid.max-frame-size");
        assertThat(e.output().stdout()).hasSize(ResultFit.KEPT_OF_STREAM);
        assertThat(fit.size().applyAsInt(e.output())).isLessThanOrEqualTo(10_000);
    }

    @Test
    void aProgramTheNodeDoesNotHaveIsRefusedNamingIt() {
        ProcessExecution exec = fx().execution(any(SandboxMode.NONE));
        assertThat(exec.refusal(ExecFixture.job(JobCommand.of("/no/such/program-x"))))
                .contains("no program at '/no/such/program-x'");
        assertThat(exec.refusal(ExecFixture.job(JobCommand.of("no-such-program-y"))))
                .contains("no program 'no-such-program-y' on the node's PATH");
    }
}
