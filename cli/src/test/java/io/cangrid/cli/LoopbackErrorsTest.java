package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.cli.node.WaitCommand;
import io.cangrid.overlay.exec.ExecPolicy;
import io.cangrid.overlay.job.JobConfig;
import io.cangrid.overlay.job.JobEvents;
import io.cangrid.overlay.net.GridSecret;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mistakes a new user makes, each answered in one line with the documented exit code (usage errors 2,
 * refusals 1, jobs that did not complete 4), on three live nodes in this JVM that run no commands (the
 * default everyone forgets).
 */
class LoopbackErrorsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private LoopbackGrid grid;
    private Path secretFile;

    @BeforeEach
    void startGrid() throws Exception {
        secretFile = dir.resolve("secret");
        GridSecret secret = SecretFile.load(secretFile, true);
        grid = LoopbackGrid.start(3, secret, dir, ExecPolicy.none(), 200, JobConfig.withHeartbeat(500),
                JobEvents.NONE, 1);
    }

    @AfterEach
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    private CliRun cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(1, List.of("--secret-file", secretFile.toString(), "--peer", grid.address(0)));
        return CliRun.run(all.toArray(String[]::new));
    }

    @Test
    void aJobNoNodeRunsBecauseNoneAllowsCommandsSaysWhichOptionWouldChangeThat() throws Exception {
        CliRun submit = cli("submit", "--", "sh", "-c", "echo hi");
        assertThat(submit.exitCode()).as(submit.err()).isZero();
        String id = submit.out().strip();
        CliRun waited = cli("wait", "--timeout", "60s", "--json", id);
        assertThat(waited.exitCode()).isEqualTo(WaitCommand.SOME_FAILED);
        JsonNode job = JSON.readTree(waited.out()).get("jobs").get(0);
        assertThat(job.get("state").asText()).isEqualTo("NO_MATCH");
        assertThat(job.get("reason").asText()).contains("3 node(s) could run it but allow no commands")
                .contains("start them with --exec allow:sh");
        CliRun explained = cli("explain", id);
        assertThat(explained.out()).doesNotContain("meets nothing").contains("allow no commands");
    }

    @Test
    void waitingForAJobNobodyKnowsEndsAtOnceWithUnknown() {
        String unknown = "j0123456789abcdef@00000000.00000000.00000000.12345678";
        long started = System.nanoTime();
        CliRun waited = cli("wait", unknown);
        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        assertThat(waited.exitCode()).isEqualTo(WaitCommand.SOME_FAILED);
        assertThat(waited.out().lines().toList()).hasSize(1);
        assertThat(waited.out()).contains("UNKNOWN").contains("no record").doesNotContain("still running");
        assertThat(tookMillis).as("ms to give up on a job nobody knows (the default timeout is 24 h)")
                .isLessThan(30_000);
    }

    @Test
    void sizesNeedAUnitAndTakeTheUsualSpellings() {
        CliRun bare = cli("submit", "--min-disk", "10", "--", "sh");
        assertThat(bare.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(bare.errLines()).hasSize(1);
        assertThat(bare.errLines()[0]).contains("'10' needs a unit").contains("10GiB");
        for (String size : List.of("4gb", "4GB", "4GiB", "4G", "4 GiB", "4096MiB")) {
            assertThat(io.cangrid.cli.node.ByteSize.parse(size)).as(size).isEqualTo(4L << 30);
        }
    }

    @Test
    void aNegativeNumberIsAUsageErrorLikeAWrongOne() {
        CliRun negative = cli("submit", "--min-cpu", "-2", "--", "sh");
        CliRun word = cli("submit", "--min-cpu", "abc", "--", "sh");
        assertThat(negative.exitCode()).isEqualTo(ExitCodes.USAGE).isEqualTo(word.exitCode());
        assertThat(negative.errLines()).hasSize(1);
        assertThat(negative.errLines()[0]).contains("'-2' must be a finite number >= 0");
        assertThat(word.errLines()).hasSize(1);
    }

    @Test
    void aCommandsOptionsBeforeTheDoubleDashGetAHint() {
        CliRun run = cli("submit", "sh", "-c", "echo hi");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines()[0]).contains("Unknown option: '-c'")
                .contains("a command's own options go after '--', as in: cangrid submit [options] -- CMD ARGS...");
    }
}
