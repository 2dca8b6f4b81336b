package io.cangrid.bench.can;

import io.cangrid.can.CanConfig;
import io.cangrid.can.sim.LatticePoints;
import io.cangrid.can.sim.CapabilityPoints;
import io.cangrid.can.geometry.SplitRule;
import io.cangrid.can.CanNode;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The overlay at scale: builds a CAN by joins in the deterministic simulation, optionally churns it,
 * lets it settle, checks every invariant and routes probes between random nodes and random points.
 */
public final class CanBenchmark {

    /**
     * What kind of points nodes sit at: uniformly random, skewed capability points ({@link CapabilityPoints}),
     * or one node per cell of a regular lattice ({@link LatticePoints}).
     */
    public enum Points { UNIFORM, CAPABILITIES, LATTICE }

    /** The benchmark's inputs. */
    public record Options(int nodes, int dimensions, long seed, double churn, Points points, int probes,
            long updatePeriodMillis, int maxSettlePeriods, SplitRule.Policy split, int heartbeatPeriods) {

        /** The options with the overlay's default heartbeat. */
        public Options(int nodes, int dimensions, long seed, double churn, Points points, int probes,
                long updatePeriodMillis, int maxSettlePeriods, SplitRule.Policy split) {
            this(nodes, dimensions, seed, churn, points, probes, updatePeriodMillis, maxSettlePeriods, split,
                    CanConfig.DEFAULT_HEARTBEAT_PERIODS);
        }

        public Options {
            if (nodes < 1) {
                throw new IllegalArgumentException("--nodes must be at least 1, was " + nodes);
            }
            if (dimensions < 2) {
                throw new IllegalArgumentException("--dimensions must be at least 2, was " + dimensions);
            }
            if (points == Points.CAPABILITIES && dimensions != 4) {
                throw new IllegalArgumentException("--points capabilities places nodes in 3 real dimensions plus"
                        + " the virtual one: use --dimensions 4");
            }
            if (points == Points.LATTICE) {
                LatticePoints.requireSide(nodes, dimensions);
            }
            if (points == Points.LATTICE && churn > 0) {
                throw new IllegalArgumentException("--points lattice fills every cell of the lattice once: it takes"
                        + " no --churn");
            }
            if (!(churn >= 0 && churn < 1)) {
                throw new IllegalArgumentException("--churn must be in [0, 1), was " + churn);
            }
            if (probes < 1) {
                throw new IllegalArgumentException("--probes must be at least 1, was " + probes);
            }
        }
    }

    /**
     * The benchmark's outputs; field names are the JSON keys. {@code routingStretch} is the mean, over a
     * sample of delivered probes, of greedy hops over shortest-path hops on the zone adjacency graph, and
     * {@code meanShortestHops} the mean shortest path of that sample, {@code stretchSample} its size; both
     * figures are null when no probe was delivered.
     *
     * <p>{@code stateMessagesPerNodePerPeriod} is the number of neighbour state messages sent from the first
     * join to the end of the run, divided by the live node count integrated over that virtual time in
     * update periods (mean live nodes times periods elapsed); {@code meanStateMessageBytes} their mean size
     * as the live codec encodes them, from a sample (see {@link StateTraffic}); both are null on a runtime
     * that does not show the run its messages. {@code harnessShare} is the fraction of the wall time spent
     * in the benchmark's own work (see {@link HarnessTime}).
     */
    public record Result(int nodes, int dimensions, String points, String split, long seed, double churn, int routed,
            int delivered, double meanHops, int maxHops, double expectedHops, Double routingStretch,
            Double meanShortestHops, int stretchSample, boolean tilingOk, double volumeSum,
            boolean neighbourTablesOk, int pointsOutsideZones, int settlePeriods, long events,
            double eventsPerSecond, double heapBytesPerNode, double wallSeconds, double virtualSeconds,
            Double stateMessagesPerNodePerPeriod, Double meanStateMessageBytes,
            FailureDetectionPeriods failureDetectionPeriods, double harnessShare) {
    }

    /**
     * Over the crashes of a churn run, update periods from a crash until every neighbour of the crashed node
     * has noticed it (see {@link FailureDetection}); {@code unnoticed} crashes still had a neighbour holding
     * them when the run ended and count with the time waited so far. Null in a run without crashes.
     */
    public record FailureDetectionPeriods(double mean, double max, int crashes, int unnoticed) {
    }

    private static final Capabilities LATTICE_CAPABILITIES = new Capabilities();

    private CanBenchmark() {
    }

    public static Result run(Options o, Consumer<String> progress) {
        Simulation sim = new Simulation(SimulationConfig.defaults(o.seed()));
        CanScaleRun run = new CanScaleRun(o, sim, progress);
        CanSimulation grid = run.grid();
        sim.setMessageObserver(run.countStateMessages(sim::liveCount));
        run.begin();
        if (o.points() == Points.LATTICE) {
            joinLattice(run, o, progress);
        } else {
            sim.runFor(1);
            boolean joined;
            do {
                joined = run.joinStep();
                sim.runFor(1);
            } while (!joined);
        }
        int settle = run.settle(o.maxSettlePeriods());
        if (o.churn() > 0) {
            progress.accept("built " + grid.activeCount() + " nodes, settled after " + settle + " more periods");
            settle = churn(run, o, progress);
        }
        run.startRouting(settle);
        sim.runUntil(run.routing()::done, run.routing().deadlineMillis());
        return run.result();
    }

    /** Joins a lattice's nodes level by level, each level once the one before has joined. */
    private static void joinLattice(CanScaleRun run, Options o, Consumer<String> progress) {
        CanSimulation grid = run.grid();
        double joinsPerMilli = run.joinsPerMilli();
        LatticePoints lattice = new LatticePoints(o.nodes(), o.dimensions());
        SplittableRandom order = new SplittableRandom(o.seed() ^ 0x1A77_1CE5L);
        grid.addNode(lattice.first(), LATTICE_CAPABILITIES);
        grid.simulation().runFor(1);
        while (lattice.hasNextLevel()) {
            List<Point> level = lattice.nextLevel(order);
            double owed = 0;
            int added = 0;
            while (added < level.size()) {
                owed += joinsPerMilli;
                while (owed >= 1 && added < level.size()) {
                    grid.addNode(level.get(added++), LATTICE_CAPABILITIES);
                    owed -= 1;
                }
                grid.simulation().runFor(1);
            }
            if (run.settle(o.maxSettlePeriods()) < 0) {
                throw new IllegalStateException("a level of " + level.size() + " lattice joins did not settle within "
                        + o.maxSettlePeriods() + " update periods");
            }
            progress.accept("lattice: " + grid.activeCount() + "/" + o.nodes() + " joined");
        }
    }

    /** Replaces a fraction of the nodes: half leave gracefully, half crash, interleaved with as many joins. */
    private static int churn(CanScaleRun run, Options o, Consumer<String> progress) {
        CanSimulation grid = run.grid();
        double joinsPerMilli = run.joinsPerMilli();
        SplittableRandom rnd = new SplittableRandom(o.seed() ^ 0x5DEECE66DL);
        int departures = (int) Math.round(o.churn() * o.nodes());
        long window = 10 * o.updatePeriodMillis();
        double perMilli = Math.max(departures / (double) window, joinsPerMilli / 10);
        double owed = 0;
        int done = 0;
        int reportEvery = Math.max(1, departures / 10);
        while (done < departures) {
            owed += perMilli;
            while (owed >= 1 && done < departures) {
                CanNode victim = grid.randomActive();
                if (done % 2 == 0) {
                    grid.leave(victim.id());
                } else {
                    run.crashing(victim);
                    grid.crash(victim.id());
                }
                grid.addNode();
                done++;
                owed -= 1;
                if (done % reportEvery == 0) {
                    progress.accept("churn " + done + "/" + departures);
                }
            }
            grid.simulation().runFor(1);
        }
        int periods = run.settle(o.maxSettlePeriods());
        progress.accept("after churn the overlay settled in " + periods + " update periods");
        List<CanNode> active = grid.activeNodes();
        progress.accept(active.size() + " active nodes");
        return periods;
    }
}
