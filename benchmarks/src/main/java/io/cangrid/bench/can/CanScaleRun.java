package io.cangrid.bench.can;

import io.cangrid.can.sim.CapabilityPoints;
import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.inspect.PartitionIndex;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.can.sim.RoutingCheck;
import io.cangrid.overlay.runtime.GridRuntime;
import io.cangrid.overlay.sim.MessageObserver;
import io.cangrid.overlay.wire.MessageCodec;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * One run of the CAN scale benchmark on any runtime, in phases its host moves it through: joins a
 * millisecond at a time ({@link #joinStep()}), settle checks once an update period, probes routed one a
 * millisecond, then the result. {@link CanBenchmark} drives it in the deterministic simulation (and adds
 * lattice joins and churn there); an engine with its own event loop calls {@link #advance()} from a
 * control every millisecond, which goes through the same phases.
 *
 * <p>The run times its own checks (see {@link HarnessTime}) wherever it is driven. It counts neighbour
 * state messages only when its host hands it every sent message ({@link #countStateMessages}); on a
 * runtime that does not, those figures are null.
 */
public final class CanScaleRun {

    private enum Phase { JOINING, SETTLING, ROUTING, DONE }

    /** A state message in a million-node grid stays far below this; the figure must not fail the run. */
    private static final int MAX_MEASURED_BYTES = 64 << 20;

    private final CanBenchmark.Options options;
    private final GridRuntime host;
    private final Consumer<String> progress;
    private final CanSimulation grid;
    private final double joinsPerMilli;
    private final int reportEvery;
    private Phase phase = Phase.JOINING;
    private long wallStart;
    private long heapBefore;
    private long heapAfter;
    private double owed;
    private int added;
    private int settleChecks;
    private long nextSettleCheck;
    private OverlayInspector.Report report;
    private int settlePeriods;
    private RoutingCheck routing;
    private final HarnessTime harness = new HarnessTime();
    private StateTraffic stateTraffic;
    private FailureDetection failureDetection;
    /** The last settle check's inspection when it found the overlay settled, and the event count it saw. */
    private OverlayInspector.Report settledCheck;
    private long settledCheckEvents = -1;

    public CanScaleRun(CanBenchmark.Options options, GridRuntime host, Consumer<String> progress) {
        this.options = options;
        this.host = host;
        this.progress = progress;
        CanConfig config = CanConfig.withUpdatePeriod(options.updatePeriodMillis()).withSplit(options.split())
                .withHeartbeat(options.heartbeatPeriods());
        PointSource points = options.points() == CanBenchmark.Points.UNIFORM ? PointSource.uniform(options.dimensions())
                : new CapabilityPoints();
        this.grid = new CanSimulation(host, config, points, new SplittableRandom(options.seed()));
        // Joins arrive over about five update periods: concurrent enough to exercise races, short enough
        // that periodic traffic does not dominate the build.
        this.joinsPerMilli = Math.max(0.05, options.nodes() / (5.0 * options.updatePeriodMillis()));
        this.reportEvery = Math.max(1, options.nodes() / 10);
    }

    public CanSimulation grid() {
        return grid;
    }

    double joinsPerMilli() {
        return joinsPerMilli;
    }

    /**
     * Counts the neighbour state messages sent from now on, and samples their encoded size with the live
     * codec. Returns the observer the host must call on every message sent; {@code liveNodes} is its live
     * node count. Call before {@link #begin()}.
     */
    public MessageObserver countStateMessages(IntSupplier liveNodes) {
        MessageCodec codec = MessageCodec.discover(MAX_MEASURED_BYTES);
        stateTraffic = new StateTraffic(liveNodes, m -> harness.measure(() -> codec.encode(m).length),
                options.updatePeriodMillis(), host.now());
        return stateTraffic;
    }

    /** Call just before a node crashes: how long its neighbours take to notice is measured. */
    void crashing(CanNode victim) {
        harness.run(() -> {
            if (failureDetection == null) {
                failureDetection = new FailureDetection(grid, options.updatePeriodMillis(), harness);
            }
            failureDetection.crashing(victim);
        });
    }

    /** Starts the clock and the heap figure; with uniform or capability points, the first node starts the grid. */
    public void begin() {
        wallStart = System.nanoTime();
        heapBefore = harness.measure(CanScaleRun::usedHeap);
        if (options.points() != CanBenchmark.Points.LATTICE) {
            grid.addNode();
            added = 1;
        }
    }

    /** One millisecond of joins; returns whether every node has joined. */
    public boolean joinStep() {
        owed += joinsPerMilli;
        while (owed >= 1 && added < options.nodes()) {
            grid.addNode();
            added++;
            owed -= 1;
            if (added % reportEvery == 0) {
                progress.accept("joining " + added + "/" + options.nodes());
            }
        }
        return added >= options.nodes();
    }

    /**
     * For an engine's control called every millisecond from time 0: joins, settle checks (the first a
     * millisecond after the last join, then once an update period, as {@link CanSimulation#settle} makes
     * them), then the probes. Returns whether the run is over.
     */
    public boolean advance() {
        switch (phase) {
            case JOINING -> {
                if (host.now() > 0 && joinStep()) {
                    phase = Phase.SETTLING;
                    nextSettleCheck = host.now() + 1;
                }
            }
            case SETTLING -> {
                if (host.now() >= nextSettleCheck) {
                    nextSettleCheck += options.updatePeriodMillis();
                    if (harness.measure(this::settledNow)) {
                        startRouting(settleChecks);
                    } else if (++settleChecks > options.maxSettlePeriods()) {
                        startRouting(-1);
                    }
                }
            }
            case ROUTING -> {
                if (routing.done() || host.now() >= routing.deadlineMillis()) {
                    phase = Phase.DONE;
                }
            }
            case DONE -> {
                // Nothing left; the host stops.
            }
        }
        return phase == Phase.DONE;
    }

    /**
     * For a host that runs the simulation itself: lets the overlay settle as {@link CanSimulation#settle}
     * does, timing the checks as harness work.
     */
    int settle(int maxPeriods) {
        return grid.settle(maxPeriods, () -> harness.measure(this::settledNow));
    }

    /** A settle check that keeps its inspection, so the one that ends the settling need not be run twice. */
    private boolean settledNow() {
        settledCheck = grid.settledReport();
        settledCheckEvents = host.eventsProcessed();
        return settledCheck != null;
    }

    /** Once the overlay has settled ({@code settlePeriods}, -1 if it never did): inspects it and sends the probes. */
    public void startRouting(int settlePeriods) {
        // Inspection, heap figure and probe set-up are all the benchmark's own work.
        harness.run(() -> beginRouting(settlePeriods));
    }

    private void beginRouting(int settlePeriods) {
        this.settlePeriods = settlePeriods;
        progress.accept("built " + grid.activeCount() + " nodes, settled after " + settlePeriods + " more periods");
        // The heap figure is the overlay's own: measured while no inspection index is held.
        PartitionIndex index;
        if (settledCheck != null && settledCheckEvents == host.eventsProcessed()) {
            // The check that ended the settling inspected this very overlay: its figures stand, and only the
            // index the probes are checked against is built again, after the heap figure.
            report = settledCheck.withoutIndex();
            settledCheck = null;
            heapAfter = usedHeap();
            index = grid.partitionIndex();
        } else {
            settledCheck = null;
            heapAfter = usedHeap();
            report = grid.inspect();
            index = report.index();
        }
        progress.accept("routing " + options.probes() + " probes");
        routing = new RoutingCheck(grid);
        routing.start(options.probes(), PointSource.uniform(options.dimensions()), index);
        phase = Phase.ROUTING;
    }

    public RoutingCheck routing() {
        return routing;
    }

    /** What the run measured, once its probes have arrived. */
    public CanBenchmark.Result result() {
        RoutingCheck.Result routes = harness.measure(routing::result);
        long wallNanos = System.nanoTime() - wallStart;
        double wall = wallNanos / 1e9;
        int n = report.nodes();
        double expected = options.dimensions() / 3.0 * Math.pow(n, 1.0 / options.dimensions());
        long events = host.eventsProcessed();
        StateTraffic.Figures states = stateTraffic == null ? new StateTraffic.Figures(0, null, null)
                : stateTraffic.figures(host.now());
        return new CanBenchmark.Result(n, options.dimensions(), lower(options.points()), lower(options.split()),
                options.seed(), options.churn(), routes.routed(), routes.delivered(), routes.meanHops(),
                routes.maxHops(), expected, orNull(routes.routingStretch()), orNull(routes.meanShortestHops()),
                routes.stretchSample(), report.tilingOk(), report.volumeSum(), report.neighbourTablesOk(),
                report.pointsOutsideZones(), settlePeriods, events, events / wall,
                (heapAfter - heapBefore) / (double) n, wall, host.now() / 1000.0, states.perNodePerPeriod(),
                states.meanBytes(), failureDetection(), harness.shareOf(wallNanos));
    }

    private CanBenchmark.FailureDetectionPeriods failureDetection() {
        FailureDetection.Figures f = failureDetection == null ? null : failureDetection.figures();
        return f == null ? null
                : new CanBenchmark.FailureDetectionPeriods(f.meanPeriods(), f.maxPeriods(), f.crashes(), f.unnoticed());
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** JSON has no NaN: a figure that could not be measured is null. */
    private static Double orNull(double x) {
        return Double.isNaN(x) ? null : x;
    }

    /**
     * The heap in use after full collections, as each heap pool stood right after the last one. The
     * heap's usage read a moment later would also count the allocation buffer the thread took since, all
     * of it, megabytes: hundreds of bytes per node at 10^5 nodes.
     */
    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        long used = 0;
        boolean measured = false;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage afterCollection = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (afterCollection != null) {
                used += afterCollection.getUsed();
                measured = true;
            }
        }
        return measured ? used : ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
