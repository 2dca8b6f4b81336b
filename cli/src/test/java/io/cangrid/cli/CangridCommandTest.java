package io.cangrid.cli;

import io.cangrid.cli.common.ExitCodes;
import io.cangrid.cli.common.LogLevels;
import io.cangrid.cli.common.UserError;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

class CangridCommandTest {

    @AfterEach
    void restoreLogLevels() {
        LogLevels.quiet();
    }

    private static CommandLine withFailing(Supplier<Throwable> failure) {
        CommandLine commandLine = CangridCommand.newCommandLine();
        commandLine.addSubcommand("fail", new FailingCommand(failure));
        return commandLine;
    }

    private static void assertNoStackTrace(CliRun run) {
        assertThat(run.err()).doesNotContain("Exception").doesNotContain("at io.").doesNotContain("\tat ");
    }

    @Test
    void helpListsSubcommandsAndExitsZero() {
        CliRun run = CliRun.run("--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: cangrid").contains("bench").contains("--verbose").contains("--version");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void versionNamesTheProjectVersion() {
        CliRun run = CliRun.run("--version");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("cangrid ").doesNotContain("null").doesNotContain("unknown")
                .contains(VersionProvider.version());
        assertThat(VersionProvider.version()).matches("\\d+\\.\\d+\\.\\d+.*");
    }

    @Test
    void subcommandsInheritHelpAndVersion() {
        CliRun help = CliRun.run("bench", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("Usage: cangrid bench").contains("--verbose");

        CliRun version = CliRun.run("bench", "--version");
        assertThat(version.exitCode()).isZero();
        assertThat(version.out()).startsWith("cangrid ");
    }

    @Test
    void unknownOptionIsOneLineAndExitsTwo() {
        CliRun run = CliRun.run("--bogus");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.errLines()).containsExactly("cangrid: Unknown option: '--bogus' (try 'cangrid --help')");
        assertNoStackTrace(run);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void misspelledOptionSuggestsTheRightOne() {
        CliRun run = CliRun.run("--verbos");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines()[0]).startsWith("cangrid: ").contains("--verbose");
    }

    @Test
    void unknownSubcommandIsAUsageError() {
        CliRun run = CliRun.run("bench", "nosuchbench");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines()[0]).startsWith("cangrid: ").contains("nosuchbench");
        assertThat(run.errLines()[0]).endsWith("(try 'cangrid bench --help')");
    }

    @Test
    void parentWithoutSubcommandPrintsUsageAndExitsTwo() {
        CliRun bench = CliRun.run("bench");
        assertThat(bench.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(bench.err()).contains("Usage: cangrid bench");
        assertThat(bench.out()).isEmpty();

        CliRun root = CliRun.run();
        assertThat(root.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(root.err()).contains("Usage: cangrid");
    }

    @Test
    void badNumberAndMissingValueAreUsageErrorsNamingTheSubcommand() {
        CliRun badNumber = CliRun.run(withFailing(() -> null), "fail", "--nodes", "many");
        assertThat(badNumber.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(badNumber.errLines()).hasSize(1);
        assertThat(badNumber.errLines()[0]).startsWith("cangrid: ").contains("--nodes").contains("many");
        assertThat(badNumber.errLines()[0]).endsWith("(try 'cangrid fail --help')");

        CliRun missing = CliRun.run(withFailing(() -> null), "fail", "--nodes");
        assertThat(missing.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(missing.errLines()).hasSize(1);
        assertThat(missing.errLines()[0]).startsWith("cangrid: ").contains("--nodes");
    }

    @Test
    void validationFailureIsAUsageError() {
        CliRun run = CliRun.run(withFailing(() -> null), "fail", "--nodes", "0");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.errLines()).containsExactly("cangrid: --nodes must be >= 1, was 0 (try 'cangrid fail --help')");

        CliRun range = CliRun.run(withFailing(() -> null), "fail", "--loss", "1.5");
        assertThat(range.errLines()).containsExactly("cangrid: --loss must be in [0.0, 1.0], was 1.5 (try 'cangrid fail --help')");
    }

    @Test
    void benchCanRefusesALatticeItCannotBuild() {
        CliRun count = CliRun.run("bench", "can", "--points", "lattice", "--nodes", "1000");
        assertThat(count.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(count.errLines()).hasSize(1);
        assertThat(count.errLines()[0]).startsWith("cangrid: --points lattice").contains("k^D").contains("65536");
        assertNoStackTrace(count);

        CliRun churn = CliRun.run("bench", "can", "--points", "lattice", "--nodes", "4096", "--churn", "0.3");
        assertThat(churn.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(churn.errLines()[0]).isEqualTo("cangrid: --points lattice fills every cell of the lattice once: it"
                + " takes no --churn (try 'cangrid bench can --help')");
        assertThat(churn.out()).isEmpty();
    }

    @Test
    void validArgumentsRunTheCommand() {
        CliRun run = CliRun.run(withFailing(() -> null), "fail", "--nodes", "3");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).isEqualTo("ok 3" + System.lineSeparator());
        assertThat(run.err()).isEmpty();
    }

    @Test
    void userErrorIsOneLineAndExitsOne() {
        CliRun run = CliRun.run(withFailing(() -> new UserError("scenario file x.conf not found; check the path")), "fail");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(run.errLines()).containsExactly("cangrid: scenario file x.conf not found; check the path");
    }

    @Test
    void illegalArgumentIsTreatedAsAUserError() {
        CliRun run = CliRun.run(withFailing(() -> new IllegalArgumentException("memory must be positional\nsecond line")), "fail");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(run.errLines()).containsExactly("cangrid: memory must be positional second line");
    }

    @Test
    void unexpectedExceptionIsOneLineAndExitsThree() {
        CliRun run = CliRun.run(withFailing(() -> new IllegalStateException("queue drained twice")), "fail");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(run.errLines()).containsExactly(
                "cangrid: internal error: IllegalStateException: queue drained twice (run with --verbose for details)");
        assertThat(run.err()).doesNotContain("at io.");
    }

    @Test
    void errorThrownByACommandIsAnInternalError() {
        CliRun run = CliRun.run(withFailing(StackOverflowError::new), "fail");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(run.errLines()).containsExactly(
                "cangrid: internal error: StackOverflowError: StackOverflowError (run with --verbose for details)");
    }

    @Test
    void verboseIsAcceptedOnAnyCommandAndEnablesDebugLogging() {
        assertThat(LoggerFactory.getLogger("io.cangrid.cli").isDebugEnabled()).isFalse();
        CliRun run = CliRun.run(withFailing(() -> null), "fail", "--verbose");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(LoggerFactory.getLogger("io.cangrid.cli").isDebugEnabled()).isTrue();
        assertThat(LoggerFactory.getLogger("io.netty").isDebugEnabled()).isFalse();

        LogLevels.quiet();
        CliRun beforeSubcommand = CliRun.run(withFailing(() -> null), "--verbose", "fail");
        assertThat(beforeSubcommand.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(LoggerFactory.getLogger("io.cangrid.cli").isDebugEnabled()).isTrue();
    }

    @Test
    void verboseInternalErrorDropsTheHint() {
        CliRun run = CliRun.run(withFailing(() -> new IllegalStateException("deliberate failure, logged with its stack trace")), "--verbose", "fail");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(run.errLines()).containsExactly("cangrid: internal error: IllegalStateException: deliberate failure, logged with its stack trace");
    }
}
