package io.cangrid.cli;

import io.cangrid.cli.common.ExitCodes;
import io.cangrid.cli.common.Validation;

import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** A test-only subcommand that validates {@code --nodes}, then throws whatever it was built with. */
@Command(name = "fail", description = "Test command.")
final class FailingCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--nodes", description = "Number of nodes.")
    private int nodes = 1;

    @Option(names = "--loss", description = "Message loss rate.")
    private double loss;

    private final Supplier<Throwable> failure;

    FailingCommand(Supplier<Throwable> failure) {
        this.failure = failure;
    }

    @Override
    public Integer call() throws Exception {
        Validation.atLeast(spec, "--nodes", nodes, 1);
        Validation.inRange(spec, "--loss", loss, 0.0, 1.0);
        Throwable toThrow = failure.get();
        if (toThrow == null) {
            spec.commandLine().getOut().println("ok " + nodes);
            return ExitCodes.OK;
        }
        if (toThrow instanceof Exception e) {
            throw e;
        }
        throw (Error) toThrow;
    }
}
