package io.cangrid.cli;

import io.cangrid.cli.common.ExitCodes;
import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A test-only subcommand that prints one record as text or, with {@code --json}, as JSON. */
@Command(name = "emit", description = "Test command.")
final class JsonEmittingCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Override
    public Integer call() {
        JsonOutputTest.Result result = new JsonOutputTest.Result("z", 2, List.of());
        if (json.enabled()) {
            JsonOutput.print(spec, result);
        } else {
            spec.commandLine().getOut().println(result);
        }
        return ExitCodes.OK;
    }
}
