package io.cangrid.can.bench;

import io.cangrid.can.CanConfig;
import io.cangrid.can.geometry.SplitRule;
import io.cangrid.can.CanNode;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.can.sim.RoutingCheck;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.lang.management.ManagementFactory;
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
            long updatePeriodMillis, int maxSettlePeriods, SplitRule.Policy split) {

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
     */
    public record Result(int nodes, int dimensions, String points, String split, long seed, double churn, int routed,
            int delivered, double meanHops, int maxHops, double expectedHops, Double routingStretch,
            Double meanShortestHops, int stretchSample, boolean tilingOk, double volumeSum,
            boolean neighbourTablesOk, int pointsOutsideZones, int settlePeriods, long events,
            double eventsPerSecond, double heapBytesPerNode, double wallSeconds, double virtualSeconds) {
    }

    private static final Capabilities LATTICE_CAPABILITIES = new Capabilities();

    private CanBenchmark() {
    }

    public static Result run(Options o, Consumer<String> progress) {
        long wallStart = System.nanoTime();
        long heapBefore = usedHeap();
        Simulation sim = new Simulation(SimulationConfig.defaults(o.seed()));
        CanConfig config = CanConfig.withUpdatePeriod(o.updatePeriodMillis()).withSplit(o.split());
        PointSource points = o.points() == Points.UNIFORM ? PointSource.uniform(o.dimensions()) : new CapabilityPoints();
        CanSimulation grid = new CanSimulation(sim, config, points, new SplittableRandom(o.seed()));

        // Joins arrive over about five update periods: concurrent enough to exercise races, short enough
        // that periodic traffic does not dominate the build.
        double joinsPerMilli = Math.max(0.05, o.nodes() / (5.0 * o.updatePeriodMillis()));
        if (o.points() == Points.LATTICE) {
            joinLattice(grid, o, joinsPerMilli, progress);
        } else {
            addNodes(grid, o.nodes(), joinsPerMilli, progress, "joining");
        }
        int settle = grid.settle(o.maxSettlePeriods());
        progress.accept("built " + grid.activeCount() + " nodes, settled after " + settle + " more periods");

        if (o.churn() > 0) {
            settle = churn(grid, o, joinsPerMilli, progress);
        }
        OverlayInspector.Report report = grid.inspect();
        long heapAfter = usedHeap();
        progress.accept("routing " + o.probes() + " probes");
        RoutingCheck.Result routes = new RoutingCheck(grid).run(o.probes(), PointSource.uniform(o.dimensions()),
                report.index());
        double wall = (System.nanoTime() - wallStart) / 1e9;
        int n = report.nodes();
        double expected = o.dimensions() / 3.0 * Math.pow(n, 1.0 / o.dimensions());
        return new Result(n, o.dimensions(), o.points().name().toLowerCase(java.util.Locale.ROOT),
                o.split().name().toLowerCase(java.util.Locale.ROOT), o.seed(), o.churn(),
                routes.routed(), routes.delivered(), routes.meanHops(), routes.maxHops(), expected,
                orNull(routes.routingStretch()), orNull(routes.meanShortestHops()), routes.stretchSample(),
                report.tilingOk(),
                report.volumeSum(), report.neighbourTablesOk(), report.pointsOutsideZones(), settle,
                sim.eventsProcessed(), sim.eventsProcessed() / wall, (heapAfter - heapBefore) / (double) n, wall,
                sim.now() / 1000.0);
    }

    private static void addNodes(CanSimulation grid, int count, double perMilli, Consumer<String> progress,
            String what) {
        double owed = 0;
        int added = 0;
        int reportEvery = Math.max(1, count / 10);
        if (grid.activeCount() == 0) {
            grid.addNode();
            added++;
            grid.simulation().runFor(1);
        }
        while (added < count) {
            owed += perMilli;
            while (owed >= 1 && added < count) {
                grid.addNode();
                added++;
                owed -= 1;
                if (added % reportEvery == 0) {
                    progress.accept(what + " " + added + "/" + count);
                }
            }
            grid.simulation().runFor(1);
        }
    }

    /** Joins a lattice's nodes level by level, each level once the one before has joined. */
    private static void joinLattice(CanSimulation grid, Options o, double joinsPerMilli, Consumer<String> progress) {
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
            if (grid.settle(o.maxSettlePeriods()) < 0) {
                throw new IllegalStateException("a level of " + level.size() + " lattice joins did not settle within "
                        + o.maxSettlePeriods() + " update periods");
            }
            progress.accept("lattice: " + grid.activeCount() + "/" + o.nodes() + " joined");
        }
    }

    /** Replaces a fraction of the nodes: half leave gracefully, half crash, interleaved with as many joins. */
    private static int churn(CanSimulation grid, Options o, double joinsPerMilli, Consumer<String> progress) {
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
        int periods = grid.settle(o.maxSettlePeriods());
        progress.accept("after churn the overlay settled in " + periods + " update periods");
        List<CanNode> active = grid.activeNodes();
        progress.accept(active.size() + " active nodes");
        return periods;
    }

    /** JSON has no NaN: a figure that could not be measured is null. */
    private static Double orNull(double x) {
        return Double.isNaN(x) ? null : x;
    }

    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
