package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The owner's CPU: the machine's busy time less this node's and its jobs', from a /proc written by hand. */
class OwnerCpuTest {

    private static final long WINDOW = 2_000;
    private static final long NODE = 100;
    private static final long JOB = 200;

    @TempDir
    Path proc;

    /** The processes counted as the node's at the next sample. */
    private final List<Long> nodePids = new ArrayList<>(List.of(NODE, JOB));

    @BeforeEach
    void machine() throws IOException {
        machine(10_000, 4_000);
        process(NODE, "java", 500, 100, 0, 0);
        process(JOB, "sleep", 0, 0, 0, 0);
    }

    /** {@code /proc/stat}: {@code total} ticks since boot, {@code idle} of them idle (half of them iowait). */
    private void machine(long total, long idle) throws IOException {
        long user = (total - idle) / 2;
        long system = total - idle - user;
        Files.writeString(proc.resolve("stat"), "cpu  " + user + " 0 " + system + " " + (idle - idle / 2) + " "
                + idle / 2 + " 0 0 0 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\nintr 12345\n");
    }

    /** {@code /proc/PID/stat} with the given utime, stime, cutime and cstime (fields 14 to 17). */
    private void process(long pid, String comm, long utime, long stime, long cutime, long cstime) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (" + comm + ") S 1 " + pid + " " + pid + " 0 -1 4194560 100 0"
                + " 0 0 " + utime + " " + stime + " " + cutime + " " + cstime + " 20 0 1 0 100 1000 100\n");
    }

    private OwnerPresence watch(int maxPercent) {
        OwnerSource s = OwnerCpu.watch(maxPercent, proc, () -> List.copyOf(nodePids), WINDOW, 0);
        assertThat(s.isWatched()).as(s.describe()).isTrue();
        return s.presence();
    }

    @Test
    void theOwnersShareIsTheMachinesBusyTimeLessTheNodes() throws IOException {
        OwnerPresence p = watch(25);
        // 1 000 ticks pass, 600 busy: the node took 100, its job 100, the owner the other 400.
        machine(11_000, 4_400);
        process(NODE, "java", 550, 150, 0, 0);
        process(JOB, "sleep", 100, 0, 0, 0);
        assertThat(p.busy(WINDOW)).isEqualTo("owner CPU 40% > 25%");
    }

    @Test
    void theNodesJobsAreNotTheOwners() throws IOException {
        OwnerPresence p = watch(25);
        // 1 000 ticks, 900 busy, 800 of them the job's: the owner took 100, 10%.
        machine(11_000, 4_100);
        process(JOB, "sleep", 700, 100, 0, 0);
        assertThat(p.busy(WINDOW)).isNull();
    }

    @Test
    void aJobThatEndedBetweenSamplesPassesItsTimeToTheNodeThatReapedIt() throws IOException {
        OwnerPresence p = watch(25);
        process(JOB, "sleep", 300, 0, 0, 0);
        machine(11_000, 4_000);
        assertThat(p.busy(WINDOW)).as("1 000 busy ticks, 300 the job's, the rest the owner's").isEqualTo("owner CPU 70% > 25%");
        // The job ran 500 more ticks and ended; the node waited for it: 800 ticks in its cutime.
        nodePids.remove(JOB);
        Files.delete(proc.resolve(Long.toString(JOB)).resolve("stat"));
        process(NODE, "java", 500, 100, 800, 0);
        machine(12_000, 4_500);
        assertThat(p.busy(2 * WINDOW)).as("500 busy ticks, all the job's").isNull();
    }

    @Test
    void samplesAreAWindowApartAndTheVerdictStandsBetween() throws IOException {
        OwnerPresence p = watch(25);
        machine(11_000, 4_000); // all 1 000 ticks busy, none the node's
        assertThat(p.busy(WINDOW / 2)).as("within the first window: nothing measured yet").isNull();
        assertThat(p.busy(WINDOW)).isEqualTo("owner CPU 100% > 25%");
        machine(12_000, 5_000); // all idle
        assertThat(p.busy(WINDOW + 500)).as("the last window's verdict").isEqualTo("owner CPU 100% > 25%");
        assertThat(p.busy(2 * WINDOW)).isNull();
    }

    @Test
    void aCommandNameWithSpacesAndParenthesesIsSkipped() throws IOException {
        process(JOB, "my (odd) job", 40, 2, 3, 5);
        assertThat(OwnerCpu.processTicks(proc.resolve(Long.toString(JOB)).resolve("stat"))).isEqualTo(50);
        assertThat(OwnerCpu.processTicks(proc.resolve("999/stat"))).as("ended").isZero();
    }

    @Test
    void aMachineWithoutProcStatIsNotWatchedAndSaysWhy() throws IOException {
        Files.delete(proc.resolve("stat"));
        OwnerSource s = OwnerCpu.watch(25, proc, List::of, WINDOW, 0);
        assertThat(s.isWatched()).isFalse();
        assertThat(s.describe()).startsWith("owner CPU: unreadable (").contains("stat does not exist")
                .endsWith("), not watched");
        assertThat(s.warning()).isEqualTo(s.describe());
    }

    @Test
    void theLimitIsOneToAHundredPercent() {
        for (int bad : new int[] {0, 101, -5}) {
            assertThatThrownBy(() -> OwnerCpu.watch(bad, proc, List::of, WINDOW, 0)).as("%d", bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 to 100");
        }
    }

    @Test
    void thisMachinesProcReads() {
        OwnerSource s = OwnerCpu.watch(50, System.currentTimeMillis());
        if (Files.isReadable(Path.of("/proc/stat"))) {
            assertThat(s.isWatched()).as(s.describe()).isTrue();
            assertThat(OwnerCpu.thisNode()).contains(ProcessHandle.current().pid());
            String verdict = s.presence().busy(System.currentTimeMillis() + OwnerCpu.WINDOW_MILLIS);
            assertThat(verdict == null || verdict.startsWith("owner CPU ")).as(verdict).isTrue();
        }
    }
}
