package io.cangrid.cli.bench;

import io.cangrid.can.CanConfig;
import io.cangrid.bench.can.CanBenchmark;
import io.cangrid.can.sim.LatticePoints;
import io.cangrid.can.geometry.SplitRule;
import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.Validation;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code cangrid bench can}: the CAN overlay at scale in the deterministic simulation. */
@Command(name = "can",
        description = {"Build a CAN overlay by joins in the deterministic simulation, optionally churn it, "
                + "check its invariants and route probes between random nodes and random points."})
public final class BenchCanCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Option(names = "--nodes", defaultValue = "10000", description = "Nodes to join (default: ${DEFAULT-VALUE}).")
    private int nodes;

    @Option(names = "--dimensions", defaultValue = "4",
            description = "Dimensions of the space, the virtual one included (default: ${DEFAULT-VALUE}).")
    private int dimensions;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the whole run (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--churn", defaultValue = "0",
            description = "Fraction of nodes that depart after the build (half gracefully, half by crashing), "
                    + "interleaved with as many joins (default: ${DEFAULT-VALUE}).")
    private double churn;

    @Option(names = "--points", defaultValue = "uniform",
            description = "Where nodes sit: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private CanBenchmark.Points points;

    @Option(names = "--split", defaultValue = "balanced",
            description = "How a zone splits when a node joins inside it: ${COMPLETION-CANDIDATES}; cyclic is the"
                    + " original CAN's cyclic halving (default: ${DEFAULT-VALUE}).")
    private SplitRule.Policy split;

    @Option(names = "--probes", defaultValue = "10000", description = "Messages to route (default: ${DEFAULT-VALUE}).")
    private int probes;

    @Option(names = "--update-period", defaultValue = "10000",
            description = "Neighbour state period in virtual milliseconds (default: ${DEFAULT-VALUE}).")
    private long updatePeriod;

    @Option(names = "--heartbeat-periods", defaultValue = "" + CanConfig.DEFAULT_HEARTBEAT_PERIODS,
            description = "A node whose state has not changed sends it to its neighbours again after this many update"
                    + " periods, as proof of life; below the dead-after time of " + CanConfig.DEFAULT_DEAD_AFTER_PERIODS
                    + " periods (default: ${DEFAULT-VALUE}).")
    private int heartbeatPeriods;

    @Option(names = "--max-settle-periods", defaultValue = "60",
            description = "Give up waiting for the overlay to settle after this many update periods (default: ${DEFAULT-VALUE}).")
    private int maxSettlePeriods;

    @Override
    public Integer call() {
        Validation.atLeast(spec, "--nodes", nodes, 1);
        Validation.atLeast(spec, "--dimensions", dimensions, 2);
        Validation.inRange(spec, "--churn", churn, 0.0, 0.9);
        Validation.atLeast(spec, "--probes", probes, 1);
        Validation.atLeast(spec, "--update-period", updatePeriod, 10);
        Validation.atLeast(spec, "--max-settle-periods", maxSettlePeriods, 1);
        Validation.require(points != CanBenchmark.Points.CAPABILITIES || dimensions == 4, spec,
                "--points capabilities uses three real dimensions plus the virtual one: give --dimensions 4");
        Validation.require(points != CanBenchmark.Points.LATTICE || LatticePoints.sideOf(nodes, dimensions) >= 2, spec,
                "--points lattice places one node in each cell of a k^D lattice: give --nodes = k^D for a power of"
                        + " two k (e.g. 4096 or 65536 with --dimensions 4)");
        Validation.require(points != CanBenchmark.Points.LATTICE || churn == 0, spec,
                "--points lattice fills every cell of the lattice once: it takes no --churn");
        Validation.inRange(spec, "--heartbeat-periods", heartbeatPeriods, 1, CanConfig.DEFAULT_DEAD_AFTER_PERIODS - 1);
        CanConfig.withUpdatePeriod(updatePeriod);
        PrintWriter err = spec.commandLine().getErr();
        CanBenchmark.Result r = CanBenchmark.run(
                new CanBenchmark.Options(nodes, dimensions, seed, churn, points, probes, updatePeriod, maxSettlePeriods,
                        split, heartbeatPeriods),
                line -> {
                    err.println("bench can: " + line);
                    err.flush();
                });
        if (json.enabled()) {
            JsonOutput.print(spec, r);
        } else {
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%d nodes in %d dimensions (%s points, %s split), seed %d%n", r.nodes(),
                    r.dimensions(), r.points(), r.split(), r.seed());
            out.printf(Locale.ROOT, "tiling %s (volume sum %.12f), neighbour tables %s, settled after %d periods%n",
                    r.tilingOk() ? "ok" : "BROKEN", r.volumeSum(), r.neighbourTablesOk() ? "ok" : "WRONG",
                    r.settlePeriods());
            out.printf(Locale.ROOT, "routed %d, delivered %d, mean hops %.2f (expected %.2f), max %d%n", r.routed(),
                    r.delivered(), r.meanHops(), r.expectedHops(), r.maxHops());
            if (r.routingStretch() != null) {
                out.printf(Locale.ROOT, "routing stretch %.2f (greedy hops over shortest-path hops, mean shortest %.2f)%n",
                        r.routingStretch(), r.meanShortestHops());
            }
            out.printf(Locale.ROOT, "%d events in %.1f s: %.0f events/s, %.0f heap bytes per node%n", r.events(),
                    r.wallSeconds(), r.eventsPerSecond(), r.heapBytesPerNode());
            if (r.stateMessagesPerNodePerPeriod() != null && r.meanStateMessageBytes() != null) {
                out.printf(Locale.ROOT, "neighbour state: %.2f messages per node per period, %.0f bytes each%n",
                        r.stateMessagesPerNodePerPeriod(), r.meanStateMessageBytes());
            }
            if (r.failureDetectionPeriods() != null) {
                CanBenchmark.FailureDetectionPeriods f = r.failureDetectionPeriods();
                out.printf(Locale.ROOT, "failure detection: %.1f update periods on average, %.1f at most, over %d"
                        + " crashes (%d not noticed by the end)%n", f.mean(), f.max(), f.crashes(), f.unnoticed());
            }
            out.printf(Locale.ROOT, "harness (checks, searches, forced GCs): %.1f%% of the wall time%n",
                    100 * r.harnessShare());
        }
        boolean ok = r.delivered() == r.routed() && r.tilingOk() && r.neighbourTablesOk();
        return ok ? 0 : 1;
    }
}
