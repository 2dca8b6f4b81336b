package io.cangrid.cli.bench;

import io.cangrid.cli.common.Validation;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The options of a bench that starts a grid of live nodes on 127.0.0.1 in its JVM: how many, how often they talk. */
final class LoopbackGridOptions {

    @Option(names = "--nodes", defaultValue = "16", description = "Nodes (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--period", defaultValue = "1000",
            description = "Update period of the nodes, in ms (default: ${DEFAULT-VALUE}).")
    long periodMillis;

    /** Refuses values the grid cannot be started with, naming the option. */
    void validate(CommandSpec spec) {
        Validation.inRange(spec, "--nodes", nodes, 2, 256);
        Validation.inRange(spec, "--period", periodMillis, 50, 60_000);
    }
}
