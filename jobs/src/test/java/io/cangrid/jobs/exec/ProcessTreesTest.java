package io.cangrid.jobs.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * Ending a run that has neither a cgroup nor a process namespace: its processes are found by session, and
 * the ones it forks while it is being killed are ended too.
 */
class ProcessTreesTest {

    private final String marker = ExecFixture.marker(313);
    private Process run;

    @AfterEach
    void killWhatATestLeft() {
        if (run != null) {
            run.destroyForcibly();
        }
        ExecFixture.killMarked(marker);
    }

    @RepeatedTest(3)
    void aRunThatKeepsForkingWhileItIsKilledLeavesNothing() throws Exception {
        // The run's first process leads a session and grows a tree of processes, each forking two more down
        // to a bounded depth before it sleeps, so processes are being forked while the kill lists and
        // signals them.
        String grow = "d=$1; if [ $d -gt 0 ]; then sh -c \"$GROW\" x $((d-1)) & sh -c \"$GROW\" x $((d-1)) & fi; "
                + "exec sleep " + marker;
        ProcessBuilder b = new ProcessBuilder("setsid", "sh", "-c", grow, "x", "9");
        b.environment().put("GROW", grow);
        run = b.start();
        assertThat(ExecFixture.appears(Duration.ofSeconds(10), marker)).isTrue();

        ProcessTrees.kill(run.toHandle(), true);

        assertThat(ExecFixture.gone(Duration.ofSeconds(5), marker))
                .as("left running: %s", ExecFixture.withMarker(marker).size()).isTrue();
    }

    @Test
    void aChildForkedWhileItsParentIsBeingKilledIsFoundByTheNextSweep() {
        // A session's process table as the sweep sees it: killing 10 lets the child it was forking (11) run on,
        // and 11 forks 12 the same way; nothing was listed when it was killed but 10.
        TreeSet<Long> live = new TreeSet<>(List.of(10L));
        List<Long> killed = new ArrayList<>();
        boolean empty = ProcessTrees.sweep(Set.of(10L), s -> List.copyOf(live), pid -> {
            killed.add(pid);
            live.remove(pid);
            if (pid < 12) {
                live.add(pid + 1);
            }
        });
        assertThat(empty).isTrue();
        assertThat(killed).containsExactly(10L, 11L, 12L);
        assertThat(live).isEmpty();
    }

    @Test
    void aSessionThatNeverStopsForkingIsReportedNotEmpty() {
        long[] next = {10};
        List<Long> live = new ArrayList<>(List.of(next[0]));
        boolean empty = ProcessTrees.sweep(Set.of(10L), s -> List.copyOf(live), pid -> {
            live.remove(pid);
            live.add(++next[0]);
        });
        assertThat(empty).isFalse();
        assertThat(live).hasSize(1);
    }
}
