package io.cangrid.cli.bench;

import io.cangrid.cli.common.ParentCommand;
import picocli.CommandLine.Command;

/**
 * {@code cangrid bench}: groups the benchmarks, each a subcommand class listed below. Benchmarks measure
 * performance (throughput, memory, scale); tests never do.
 */
@Command(
        name = "bench",
        description = "Measure cangrid's performance; each subcommand is one benchmark.",
        subcommands = {
            BenchCanCommand.class,
            BenchClusterCommand.class,
            BenchCoallocCommand.class,
            BenchEngineCommand.class,
            BenchJobsCommand.class,
            BenchNetCommand.class,
        })
public final class BenchCommand extends ParentCommand {
}
