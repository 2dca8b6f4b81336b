package io.cangrid.cli;

import io.cangrid.cli.common.ExitCodes;
import io.cangrid.cli.common.LogLevels;
import io.cangrid.cli.common.ParentCommand;
import io.cangrid.cli.common.UserError;
import io.cangrid.cli.common.Validation;

import io.cangrid.cli.authority.GridCommand;
import io.cangrid.cli.bench.BenchCommand;
import io.cangrid.cli.demo.DemoCommand;
import io.cangrid.cli.node.CancelCommand;
import io.cangrid.cli.node.ExplainCommand;
import io.cangrid.cli.node.JobsCommand;
import io.cangrid.cli.node.NodeCommand;
import io.cangrid.cli.node.NodesCommand;
import io.cangrid.cli.node.PeersCommand;
import io.cangrid.cli.node.ResultsCommand;
import io.cangrid.cli.node.StatusCommand;
import io.cangrid.cli.node.SubmitCommand;
import io.cangrid.cli.node.WaitCommand;
import io.cangrid.cli.peersim.PeerSimCommand;
import io.cangrid.cli.simulate.SimulateCommand;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExecutionException;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;

/**
 * The {@code cangrid} command, root of all subcommands and the jar's entry point.
 *
 * <p>A subcommand is a picocli {@code @Command} class listed in a parent's {@code subcommands}. It
 * inherits {@code --help}, {@code --version} and {@code --verbose}; it writes results to
 * {@code spec.commandLine().getOut()} and reports problems by throwing: a picocli
 * {@code ParameterException} (see {@link Validation}) for a bad command line, {@link UserError} for
 * anything else the user can fix. {@link ErrorReporter} turns these into short messages and
 * {@link ExitCodes}.
 */
@Command(
        name = "cangrid",
        description = "A decentralised desktop grid over a Content-Addressable Network of resource capabilities.",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        scope = ScopeType.INHERIT,
        usageHelpAutoWidth = true,
        subcommands = {
            NodeCommand.class,
            PeersCommand.class,
            NodesCommand.class,
            SubmitCommand.class,
            StatusCommand.class,
            WaitCommand.class,
            ResultsCommand.class,
            CancelCommand.class,
            JobsCommand.class,
            ExplainCommand.class,
            DemoCommand.class,
            SimulateCommand.class,
            PeerSimCommand.class,
            BenchCommand.class,
            GridCommand.class,
            HelpCommand.class,
        })
public final class CangridCommand extends ParentCommand {

    /** Picocli also calls this with {@code false} when it resets options, which must not undo a {@code true}. */
    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "Log debug details, including stack traces of internal errors, to stderr.")
    void setVerbose(boolean verbose) {
        if (verbose) {
            LogLevels.verbose();
        }
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs {@code cangrid args...} on the process's stdout and stderr and returns the exit code. */
    public static int execute(String... args) {
        CommandLine commandLine;
        try {
            commandLine = newCommandLine();
        } catch (RuntimeException | Error e) {
            // A command class that picocli rejects is a build fault; report it like any other.
            PrintWriter err = new PrintWriter(System.err, true);
            return ErrorReporter.reportInternalError(err, "cangrid", e);
        }
        try {
            return commandLine.execute(args);
        } finally {
            commandLine.getOut().flush();
            commandLine.getErr().flush();
        }
    }

    /**
     * The fully configured command line: error handling, exit codes, help layout. Tests call this,
     * may add test-only subcommands, redirect output with {@code setOut}/{@code setErr}, and then
     * {@code execute(args)}.
     */
    public static CommandLine newCommandLine() {
        ErrorReporter errors = new ErrorReporter();
        return new CommandLine(new CangridCommand())
                .setParameterExceptionHandler(errors)
                .setExecutionExceptionHandler(errors)
                .setExecutionStrategy(CangridCommand::runCatchingErrors)
                .setCaseInsensitiveEnumValuesAllowed(true);
    }

    /**
     * Picocli lets an {@link Error} thrown by a command escape {@code execute}; wrapping it hands it to
     * {@link ErrorReporter} so that it too ends as one line and exit code 3.
     */
    private static int runCatchingErrors(ParseResult parseResult) {
        try {
            return new CommandLine.RunLast().execute(parseResult);
        } catch (Error e) {
            ParseResult last = parseResult;
            while (last.hasSubcommand()) {
                last = last.subcommand();
            }
            throw new ExecutionException(last.commandSpec().commandLine(), String.valueOf(e.getMessage()), e);
        }
    }
}
