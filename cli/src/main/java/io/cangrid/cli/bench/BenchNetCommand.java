package io.cangrid.cli.bench;

import io.cangrid.bench.can.NetBenchmark;
import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.Validation;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code cangrid bench net}: the live runtime on loopback in one JVM. */
@Command(name = "net",
        description = "Measure the live runtime on 127.0.0.1: messages one node routes per second, handshakes one"
                + " node takes per second, heap per idle node, the time a grid of nodes in one JVM takes to join"
                + " and settle, and the bytes and messages each of those nodes then sends per second while idle.")
public final class BenchNetCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Option(names = "--nodes", defaultValue = "64", description = "Idle nodes in one JVM (default: ${DEFAULT-VALUE}).")
    private int nodes;

    @Option(names = "--seconds", defaultValue = "10", description = "How long to route through one node (default: ${DEFAULT-VALUE}).")
    private int seconds;

    @Option(names = "--period", defaultValue = "250",
            description = "Update period of the nodes, in ms (default: ${DEFAULT-VALUE}).")
    private long periodMillis;

    @Option(names = "--tokens", description = "Admit sessions by admission tokens of an authority made for the run,"
            + " rather than by a shared secret.")
    private boolean tokens;

    @Override
    public Integer call() {
        Validation.inRange(spec, "--nodes", nodes, 2, 1024);
        Validation.inRange(spec, "--seconds", seconds, 1, 600);
        Validation.inRange(spec, "--period", periodMillis, 50, 60_000);
        NetBenchmark.Result r = NetBenchmark.run(nodes, seconds * 1000L, periodMillis, tokens);
        if (json.enabled()) {
            JsonOutput.print(spec, r);
        } else {
            spec.commandLine().getOut().printf(Locale.ROOT,
                    "%.0f routed messages/s through one node (%d in %.1f s; %.0f per second of the router's own CPU);"
                            + " %.0f handshakes/s (%s);"
                            + " %d idle nodes: %.0f heap bytes each, joined and settled in %.1f s (period %d ms)%s;"
                            + " idle, each wrote %.0f bytes/s in %.1f messages/s (%.0f bytes a period)%n",
                    r.routedPerSecond(), r.routedMessages(), r.routeSeconds(), r.routedPerRouterCpuSecond(),
                    r.handshakesPerSecond(), r.admission(),
                    r.idleNodes(), r.heapBytesPerIdleNode(),
                    r.joinAndSettleSeconds(), r.updatePeriodMillis(), r.settled() ? "" : ", NOT settled",
                    r.idleBytesPerSecondPerNode(), r.idleMessagesPerSecondPerNode(), r.idleBytesPerNodePerPeriod());
        }
        return 0;
    }
}
