package io.cangrid.jobs.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A run's watcher ends the run when the node is gone, whatever became of parent-death signals: here the node's
 * side of the pipe is closed while the test (the run's parent) lives on, so no parent-death signal is ever sent
 * and only the watcher can end the job's processes, a double fork and a new session among them. A run whose
 * node said it is over keeps its processes: the watcher kills nothing then.
 */
class RunWatcherTest {

    @TempDir
    Path dir;

    private final List<String> markers = new ArrayList<>();
    private final List<Cgroups> made = new ArrayList<>();
    private final List<JobCgroup> cgroups = new ArrayList<>();
    private Process process;

    @AfterEach
    void killWhatATestLeft() {
        if (process != null) {
            process.destroyForcibly();
        }
        markers.forEach(ExecFixture::killMarked);
        cgroups.forEach(JobCgroup::kill);
        cgroups.forEach(JobCgroup::remove);
        made.forEach(Cgroups::release);
    }

    private List<String> startRun(SandboxMode mode, boolean withCgroup) throws Exception {
        Confinement c = Confinement.prepare(ExecSettings.of(ExecPolicy.any()).withSandbox(mode),
                "test-watch" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL));
        made.add(c.cgroups());
        JobCgroup cg = null;
        if (withCgroup) {
            assumeTrue(c.cgroups().available(), "this machine gives the node no cgroups");
            cg = c.cgroups().create("run-1");
            cgroups.add(cg);
        }
        assumeTrue(mode != SandboxMode.BWRAP || c.sandboxed(), "bubblewrap is not usable here");
        assumeTrue(cg != null || c.ownsProcessTree(), "without a cgroup or a process namespace a run's processes"
                + " cannot all be found (the known limit of such a node)");
        Path work = Files.createDirectories(dir.resolve("work"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxrwxrwx")));
        String forked = mark(301);
        String session = mark(303);
        String main = mark(305);
        List<String> args = List.of("-c", "(sleep " + forked + " &); setsid sleep " + session + " & sleep " + main);
        Path sh = c.programs().resolve("sh");
        ProcessBuilder pb = new ProcessBuilder(c.command(work, sh, args, c.environment("j1", work, new String[0]), cg))
                .directory(work.toFile());
        pb.environment().clear();
        pb.environment().put("PATH", c.programs().value());
        process = pb.start();
        List<String> all = List.of(forked, session, main);
        for (String m : all) {
            assertThat(ExecFixture.appears(Duration.ofSeconds(20), m)).as("process %s started", m).isTrue();
        }
        return all;
    }

    private String mark(int seconds) {
        String m = ExecFixture.marker(seconds);
        markers.add(m);
        return m;
    }

    @ParameterizedTest(name = "sandbox {0}, cgroup {1}")
    @CsvSource({"BWRAP, true", "BWRAP, false", "NONE, true", "NONE, false"})
    void aRunWhoseNodeIsGoneEndsWithEveryProcessItStarted(SandboxMode mode, boolean withCgroup) throws Exception {
        List<String> run = startRun(mode, withCgroup);

        process.getOutputStream().close(); // the node's end of the pipe, closed without a word: as at its death

        assertThat(ExecFixture.gone(Duration.ofSeconds(10), run.toArray(String[]::new)))
                .as("every process of the run gone while its parent still lives").isTrue();
    }

    @ParameterizedTest(name = "sandbox {0}, cgroup {1}")
    @CsvSource({"BWRAP, true", "NONE, false"})
    void aRunTheNodeSaidIsOverIsLeftAlone(SandboxMode mode, boolean withCgroup) throws Exception {
        List<String> run = startRun(mode, withCgroup);

        try (OutputStream word = process.getOutputStream()) {
            word.write(Confinement.RUN_OVER.getBytes(StandardCharsets.US_ASCII));
        }

        assertThat(ExecFixture.gone(Duration.ofSeconds(2), run.toArray(String[]::new))).as("the watcher killed"
                + " a run it was told is over").isFalse();
        assertThat(run).allSatisfy(m -> assertThat(ExecFixture.withMarker(m)).isNotEmpty());
    }
}
