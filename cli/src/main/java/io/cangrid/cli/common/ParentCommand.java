package io.cangrid.cli.common;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that only groups subcommands. Invoked on its own it prints its usage (which lists the
 * subcommands) to stderr and exits with {@link ExitCodes#USAGE}, because the user left out what to do.
 */
public abstract class ParentCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine commandLine = spec.commandLine();
        commandLine.usage(commandLine.getErr());
        commandLine.getErr().flush();
        return ExitCodes.USAGE;
    }
}
