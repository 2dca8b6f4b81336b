package io.cangrid.cli;

import static io.cangrid.cli.LoopbackJobs.command;
import static io.cangrid.cli.LoopbackJobs.shell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.jobs.exec.ExecLimits;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, acceptance 1, the limits: on three live nodes in this JVM, on 127.0.0.1, each running only
 * {@code sh} ({@code --exec allow:sh}), a command no node allows ends FAILED saying so, a job past its
 * wall-clock limit ends FAILED with every process it started gone, and output past the capture limit
 * comes back cut, with a note.
 */
class LoopbackLimitsTest {

    private static final Duration END_WAIT = Duration.ofSeconds(30);
    private static final long TIME_LIMIT_MILLIS = 2_000;
    /** Sleeps no other test starts, so that this JVM's leftover processes can be told apart. */
    private static final String SLEEP = "sleep 301";
    private static final String FIRST = SLEEP + "." + (100000 + new java.util.Random().nextInt(900000));
    private static final String SECOND = SLEEP + "." + (100000 + new java.util.Random().nextInt(900000));
    /**
     * Starts two sleeps in the background and waits, after saying so in {@code pids}. The sleeps are found
     * again by their command lines: a job's pids are its process namespace's, not this machine's.
     */
    private static final String TREE = FIRST + " & " + SECOND + " & echo started > pids; wait";

    @TempDir
    Path dir;

    private LoopbackGrid grid;

    @BeforeEach
    void startGrid() throws Exception {
        grid = LoopbackGrid.start(3, LoopbackGrid.randomSecret(), dir, ExecPolicy.parse("allow:sh"), 200,
                JobConfig.withHeartbeat(500), JobEvents.NONE, 1);
    }

    @AfterEach
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
        LoopbackJobs.killLeftovers(List.of(SLEEP));
    }

    @Test
    void aCommandNoNodeAllowsFailsNamingTheExecutable() throws Exception {
        try (GridClient client = grid.client(0)) {
            JobId id = client.submit(command("echo", "/bin/echo", "hi"));
            JobStatusReply end = client.await(id, END_WAIT);
            assertThat(end).as("the job's end within %s", END_WAIT).isNotNull();
            assertThat(end.state()).as("%s", end).isEqualTo(JobState.FAILED);
            assertThat(end.reason()).contains("no node would run '/bin/echo' as asked")
                    .contains("does not allow executable '/bin/echo'")
                    .contains("--exec allow:sh");
            assertThat(end.output()).as("it ran nowhere").isNull();
        }
    }

    @Test
    void aJobPastItsTimeLimitFailsWithItsWholeProcessTreeGone() throws Exception {
        try (GridClient client = grid.client(1)) {
            JobId id = client.submit(shell("tree", TREE, TIME_LIMIT_MILLIS, "pids"));
            JobStatusReply end = client.await(id, END_WAIT);
            assertThat(end).as("the job's end within %s", END_WAIT).isNotNull();
            assertThat(end.state()).as("%s", end).isEqualTo(JobState.FAILED);
            assertThat(end.reason()).isEqualTo("killed, with every process it started, at its time limit of "
                    + TIME_LIMIT_MILLIS + " ms");
            assertThat(end.output()).as("what the killed run left").isNotNull();
            assertThat(end.output().notes()).contains(end.reason());
            InputFile pids = end.output().file("pids");
            assertThat(pids).as("what the job wrote before its time ran out").isNotNull();
            await("every process of the job's tree gone").atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> running(FIRST) + running(SECOND) == 0);
        }
    }

    private static long running(String commandLine) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(commandLine))
                .orElse(false)).count();
    }

    @Test
    void outputPastTheCaptureLimitComesBackCutWithANote() throws Exception {
        int limit = ExecLimits.DEFAULT.streamBytes();
        int printed = limit + 50_000;
        try (GridClient client = grid.client(2)) {
            JobId id = client.submit(shell("flood", "head -c " + printed + " /dev/zero | tr '\\0' x"));
            JobStatusReply end = client.await(id, END_WAIT);
            assertThat(end).as("the job's end within %s", END_WAIT).isNotNull();
            assertThat(end.state()).as("%s", end).isEqualTo(JobState.COMPLETED);
            assertThat(end.output().exitCode()).isZero();
            String marker = "\n[cangrid: stdout truncated: kept " + limit + " of " + printed + " bytes]\n";
            String out = end.output().stdout();
            assertThat(out).hasSize(limit + marker.length()).endsWith(marker);
            assertThat(out.substring(0, limit)).matches("x+");
            assertThat(end.output().notes()).isEqualTo("stdout truncated: kept " + limit + " of " + printed + " bytes");
        }
    }
}
