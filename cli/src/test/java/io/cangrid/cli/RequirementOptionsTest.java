package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.common.ExitCodes;
import org.junit.jupiter.api.Test;

/** {@code submit --require/--rank}: a malformed or unsatisfiable expression is refused before anything is sent. */
class RequirementOptionsTest {

    @Test
    void aMalformedRequirementNamesTheOptionAndTheColumn() {
        CliRun run = CliRun.run("submit", "--peer", "127.0.0.1:1", "--require", "other.Memory >= && true", "--", "sh");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(run.err()).contains("--require: column 17: expected a value, found '&&'");
    }

    @Test
    void aMalformedRankNamesItsOption() {
        CliRun run = CliRun.run("submit", "--peer", "127.0.0.1:1", "--rank", "other.CpuSpeed *", "--", "sh");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(run.err()).contains("--rank: column 17: the expression ends where a value was expected");
    }

    @Test
    void aRequirementNoMachineCanMeetIsRefused() {
        CliRun run = CliRun.run("submit", "--peer", "127.0.0.1:1", "--require", "other.Memory > 4G && other.Memory < 2G",
                "--", "sh");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(run.err()).contains("no machine can satisfy the requirements: they ask for Memory both at least");
    }
}
