package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.common.ExitCodes;
import org.junit.jupiter.api.Test;

/**
 * {@code submit --require/--rank} and {@code node --attr/--accept}: a malformed or unsatisfiable expression is
 * refused before anything is sent or started.
 */
class RequirementOptionsTest {

    @Test
    void aMalformedRequirementNamesTheOptionAndTheColumn() {
        CliRun run = CliRun.run("submit", "--peer", "127.0.0.1:1", "--require", "other.Memory >= && true", "--", "sh");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).contains("--require: column 17: expected a value, found '&&'");
    }

    @Test
    void aMalformedRankNamesItsOption() {
        CliRun run = CliRun.run("submit", "--peer", "127.0.0.1:1", "--rank", "other.CpuSpeed *", "--", "sh");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--rank: column 17: the expression ends where a value was expected");
    }

    @Test
    void aComparisonOfAttributeAndLiteralOfDifferentTypesIsRefused() {
        CliRun run = CliRun.run("submit", "--peer", "127.0.0.1:1", "--require",
                "other.Cpus >= 2 && other.Memory == \"lots\"", "--", "sh");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("other.Memory is a number on every machine and \"lots\" is not: the"
                + " comparison can never be true");
    }

    @Test
    void aRequirementNoMachineCanMeetIsRefused() {
        CliRun run = CliRun.run("submit", "--peer", "127.0.0.1:1", "--require", "other.Memory > 4G && other.Memory < 2G",
                "--", "sh");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("no machine can satisfy the requirements: they ask for Memory both at least");
    }

    @Test
    void aNodesMalformedAttributeOrAcceptIsRefusedBeforeItStarts() {
        CliRun attr = CliRun.run("node", "--listen", "127.0.0.1:0", "--attr", "OpSys");
        assertThat(attr.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(attr.err()).contains("--attr OpSys: write NAME=VALUE");
        CliRun accept = CliRun.run("node", "--listen", "127.0.0.1:0", "--accept", "other.Name != ");
        assertThat(accept.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(accept.err()).contains("--accept: column 15: the expression ends where a value was expected (try");
        CliRun prefer = CliRun.run("node", "--listen", "127.0.0.1:0", "--prefer", "other.Owner ==");
        assertThat(prefer.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(prefer.err()).contains("--prefer: column");
        CliRun memory = CliRun.run("node", "--listen", "127.0.0.1:0", "--attr", "memory=lots");
        assertThat(memory.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(memory.err()).contains("--attr memory=lots: memory is this node's capability");
        CliRun rank = CliRun.run("node", "--listen", "127.0.0.1:0", "--attr", "Rank=1");
        assertThat(rank.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(rank.err()).contains("set it with --prefer");
    }
}
