package io.cangrid.cli;

import io.cangrid.cli.common.ExitCodes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.cli.node.WaitCommand;
import io.cangrid.jobs.exec.ExecPolicy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Mistakes a new user makes, each answered in one line with the documented exit code (usage errors 2,
 * refusals 1, jobs that did not complete 4), on three live nodes in this JVM that run no commands (the
 * default everyone forgets).
 */
class LoopbackErrorsTest extends LoopbackGridWithSecret {

    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeEach
    void start() throws Exception {
        startGrid(3, ExecPolicy.none());
    }

    /** A client command asked of node 0. */
    private CliRun ask(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(1, List.of("--peer", grid.address(0)));
        return cli(all.toArray(String[]::new));
    }

    @Test
    void aJobNoNodeRunsBecauseNoneAllowsCommandsSaysWhichOptionWouldChangeThat() throws Exception {
        CliRun submit = ask("submit", "--", "sh", "-c", "echo hi");
        assertThat(submit.exitCode()).as(submit.err()).isZero();
        String id = submit.out().strip();
        CliRun waited = ask("wait", "--timeout", "60s", "--json", id);
        assertThat(waited.exitCode()).isEqualTo(WaitCommand.SOME_FAILED);
        JsonNode job = JSON.readTree(waited.out()).get("jobs").get(0);
        assertThat(job.get("state").asText()).isEqualTo("NO_MATCH");
        assertThat(job.get("reason").asText()).contains("3 node(s) could run it but allow no commands")
                .contains("start them with --exec allow:sh");
        CliRun explained = ask("explain", id);
        assertThat(explained.out()).doesNotContain("meets nothing").contains("allow no commands");
    }

    @Test
    void waitingForAJobNobodyKnowsEndsWithUnknownAfterAShortGrace() {
        String unknown = "j0123456789abcdef@00000000.00000000.00000000.00000000.12345678";
        long started = System.nanoTime();
        CliRun waited = ask("wait", unknown);
        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        assertThat(waited.exitCode()).isEqualTo(WaitCommand.SOME_FAILED);
        assertThat(waited.out().lines().toList()).hasSize(1);
        assertThat(waited.out()).contains("UNKNOWN").contains("no record").doesNotContain("still running");
        assertThat(tookMillis).as("ms to give up on a job nobody knows (the default timeout is 24 h)")
                .isLessThan(30_000);
    }

    @Test
    void sizesNeedAUnitAndTakeTheUsualSpellings() {
        CliRun bare = ask("submit", "--min-disk", "10", "--", "sh");
        assertThat(bare.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(bare.errLines()).hasSize(1);
        assertThat(bare.errLines()[0]).contains("'10' needs a unit").contains("10GiB");
        for (String size : List.of("4gb", "4GB", "4GiB", "4G", "4 GiB", "4096MiB")) {
            assertThat(io.cangrid.cli.node.ByteSize.parse(size)).as(size).isEqualTo(4L << 30);
        }
    }

    @Test
    void aNegativeNumberIsAUsageErrorLikeAWrongOne() {
        CliRun negative = ask("submit", "--min-cpu", "-2", "--", "sh");
        CliRun word = ask("submit", "--min-cpu", "abc", "--", "sh");
        assertThat(negative.exitCode()).isEqualTo(ExitCodes.USAGE).isEqualTo(word.exitCode());
        assertThat(negative.errLines()).hasSize(1);
        assertThat(negative.errLines()[0]).contains("'-2' must be a finite number >= 0");
        assertThat(word.errLines()).hasSize(1);
    }

    @Test
    void aCommandsOptionsBeforeTheDoubleDashGetAHint() {
        CliRun run = ask("submit", "sh", "-c", "echo hi");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines()[0]).contains("Unknown option: '-c'")
                .contains("a command's own options go after '--', as in: cangrid submit [options] -- CMD ARGS...");
    }
}
