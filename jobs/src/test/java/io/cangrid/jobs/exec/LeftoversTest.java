package io.cangrid.jobs.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node that restarts on its work directory ends what its previous life left running and removes its run
 * directories: by cgroup where the machine has them, by the recorded first process otherwise (only when it
 * is still that process).
 */
class LeftoversTest {

    @TempDir
    Path dir;

    private final String marker = ExecFixture.marker(311);
    private Process leftover;

    @AfterEach
    void killWhatATestLeft() {
        if (leftover != null) {
            leftover.destroyForcibly();
        }
        ExecFixture.killMarked(marker);
    }

    @Test
    void aRestartedNodeEndsTheProcessesOfItsCgroupsAndRemovesThem() throws Exception {
        String key = "test-left" + System.nanoTime();
        Cgroups before = Cgroups.detect(key);
        assumeTrue(before.available(), "cgroups are used where the machine lets the node make them");
        JobCgroup cg = before.create("run-1");
        Path procs = cg.procsFiles().get(0);
        // Joins the cgroup, then detaches a process the way a job would, and exits.
        Process p = new ProcessBuilder("sh", "-c", "for f in " + String.join(" ", cg.procsFiles().stream()
                .map(Path::toString).toList()) + "; do echo $$ > $f; done; (setsid sleep " + marker + " &) ; exit 0")
                .start();
        assertThat(p.waitFor()).isZero();
        assertThat(ExecFixture.appears(Duration.ofSeconds(10), marker)).isTrue();
        assertThat(cg.pids()).isNotEmpty();

        Cgroups after = Cgroups.detect(key);
        assertThat(after.reapLeftovers()).isEqualTo(1);
        assertThat(ExecFixture.gone(Duration.ofSeconds(5), marker)).isTrue();
        assertThat(procs.getParent()).doesNotExist();
        after.release();
    }

    @Test
    void aRecordedProcessThatIsStillTheSameIsEndedAndItsDirectoryRemoved() throws Exception {
        Path runs = dir.resolve("runs");
        Path run = runs.resolve("j1-1-abc");
        Files.createDirectories(run.resolve("work"));
        // As a run's first process: leading a session of its own, with a detached child in it.
        leftover = new ProcessBuilder("setsid", "sh", "-c", "(sleep " + marker + " &); exec sleep " + marker).start();
        // A previous life's run has long been running: both its processes exist before the node restarts.
        assertThat(ExecFixture.appears(Duration.ofSeconds(10), marker, 2)).isTrue();
        ProcessHandle h = leftover.toHandle();
        long started = h.info().startInstant().map(Instant::toEpochMilli).orElseThrow();
        Files.writeString(run.resolve("pid"), h.pid() + " " + started + "\n", StandardCharsets.US_ASCII);
        Path stale = runs.resolve("j2-1-def");
        Files.createDirectories(stale);
        // A pid that is some other process now: its start time differs, so it is left alone.
        Files.writeString(stale.resolve("pid"), ProcessHandle.current().pid() + " 1\n", StandardCharsets.US_ASCII);

        RunsJanitor.clean(runs, Cgroups.none());
        assertThat(ExecFixture.gone(Duration.ofSeconds(5), marker)).isTrue();
        assertThat(ProcessHandle.current().isAlive()).isTrue();
        try (var left = Files.list(runs)) {
            assertThat(left.toList()).isEmpty();
        }
    }

    @Test
    void nothingLeftMeansNothingDone() {
        RunsJanitor.clean(dir.resolve("none-here"), Cgroups.none());
        assertThat(List.of(dir.toFile().list())).isEmpty();
    }
}
