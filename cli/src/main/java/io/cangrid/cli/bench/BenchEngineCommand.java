package io.cangrid.cli.bench;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.Validation;
import io.cangrid.bench.engine.EngineBenchmark;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code cangrid bench engine}: the simulation engine alone, with idle nodes exchanging small messages. */
@Command(name = "engine",
        description = "Measure the deterministic simulation engine: events per second and heap bytes per idle node.")
public final class BenchEngineCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Option(names = "--nodes", defaultValue = "100000", description = "Idle nodes (default: ${DEFAULT-VALUE}).")
    private int nodes;

    @Option(names = "--events", defaultValue = "20000000", description = "Events to process (default: ${DEFAULT-VALUE}).")
    private long events;

    @Option(names = "--seed", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Override
    public Integer call() {
        Validation.atLeast(spec, "--nodes", nodes, 1);
        Validation.atLeast(spec, "--events", events, 1);
        EngineBenchmark.Result r = EngineBenchmark.run(nodes, events, seed);
        if (json.enabled()) {
            JsonOutput.print(spec, r);
        } else {
            spec.commandLine().getOut().printf(Locale.ROOT,
                    "%d nodes: %d events in %.2f s = %.0f events/s; %.0f heap bytes per idle node%n", r.nodes(),
                    r.events(), r.wallSeconds(), r.eventsPerSecond(), r.heapBytesPerNode());
        }
        return 0;
    }
}
