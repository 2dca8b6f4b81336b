package io.cangrid.can.sim;

import io.cangrid.can.CanNode;
import io.cangrid.can.message.RoutingProbe;
import io.cangrid.can.inspect.NeighbourGraph;
import io.cangrid.can.inspect.PartitionIndex;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.Arrays;
import java.util.List;

/**
 * Routes probes from random nodes to random points and checks that each is delivered by the node that
 * owns the point according to the global partition index. For a sample of the delivered probes it also
 * finds the shortest path on the zone adjacency graph from the source to the owner: the routing
 * stretch is the mean of greedy hops over shortest hops. The sample is the first {@link #STRETCH_SAMPLE}
 * delivered probes, fewer on graphs so large that their searches would exceed {@link #STRETCH_LINK_BUDGET}.
 */
public final class RoutingCheck {

    /** Delivered probes whose shortest path is computed: enough for a stable mean. */
    public static final int STRETCH_SAMPLE = 1000;
    /**
     * Links the shortest-path searches may scan in all (a few seconds): each search scans a good part of
     * the graph, so at 10^6 nodes the sample stops after about a hundred probes.
     */
    public static final long STRETCH_LINK_BUDGET = 2_000_000_000L;

    /**
     * What a batch of probes showed. {@code routingStretch} and {@code meanShortestHops} cover the first
     * {@code stretchSample} delivered probes (NaN when none was measured); a probe that starts at the
     * owner counts as stretch 1.
     */
    public record Result(int routed, int delivered, int misdelivered, double meanHops, int maxHops,
            double routingStretch, double meanShortestHops, int stretchSample) {
    }

    private final CanSimulation grid;
    private int delivered;
    private int misdelivered;
    private long hopSum;
    private int maxHops;
    private int[] hopsOf;
    private NodeId[] sources;
    private Point[] points;
    private PartitionIndex index;
    private long deadline;

    public RoutingCheck(CanSimulation grid) {
        this.grid = grid;
    }

    /** Routes {@code count} probes (one per ms of virtual time) and runs until they have all arrived. */
    public Result run(int count, PointSource targets, PartitionIndex index) {
        start(count, targets, index);
        grid.simulation().runUntil(this::done, deadlineMillis());
        return result();
    }

    /** Schedules {@code count} probes, one per ms from now, each from a random active node to a random point. */
    public void start(int count, PointSource targets, PartitionIndex index) {
        List<CanNode> active = grid.activeNodes();
        for (CanNode n : active) {
            n.setRoutedHandler((target, payload, hops) -> record(n.id(), target, payload, hops, index));
        }
        var host = grid.host();
        var rnd = new java.util.SplittableRandom(count * 31L + active.size());
        this.index = index;
        sources = new NodeId[count];
        points = new Point[count];
        hopsOf = new int[count];
        Arrays.fill(hopsOf, -1);
        long now = host.now();
        for (int i = 0; i < count; i++) {
            CanNode from = active.get(rnd.nextInt(active.size()));
            Point target = targets.next(rnd);
            sources[i] = from.id();
            points[i] = target;
            long id = i;
            host.at(now + i, () -> from.route(target, new RoutingProbe(id)));
        }
        deadline = now + count + 600_000;
    }

    /** Whether every probe has arrived somewhere. */
    public boolean done() {
        return delivered + misdelivered >= sources.length;
    }

    /** When to give up on probes still under way. */
    public long deadlineMillis() {
        return deadline;
    }

    /** What the probes showed, with the stretch of a sample of them on the zone graph. */
    public Result result() {
        int count = sources.length;
        double stretchSum = 0;
        long shortestSum = 0;
        int sampled = 0;
        if (index != null) {
            NeighbourGraph graph = NeighbourGraph.of(index);
            for (int i = 0; i < count && sampled < STRETCH_SAMPLE
                    && graph.linksScanned() < STRETCH_LINK_BUDGET; i++) {
                int shortest = hopsOf[i] < 0 ? -1 : graph.shortestHops(sources[i], index.ownerOf(points[i]));
                if (shortest >= 0) {
                    stretchSum += shortest == 0 ? 1.0 : (double) hopsOf[i] / shortest;
                    shortestSum += shortest;
                    sampled++;
                }
            }
        }
        return new Result(count, delivered, misdelivered, delivered == 0 ? 0 : (double) hopSum / delivered, maxHops,
                sampled == 0 ? Double.NaN : stretchSum / sampled,
                sampled == 0 ? Double.NaN : (double) shortestSum / sampled, sampled);
    }

    private void record(NodeId at, Point target, Message payload, int hops, PartitionIndex index) {
        if (!(payload instanceof RoutingProbe probe)) {
            return;
        }
        if (index != null && !at.equals(index.ownerOf(target))) {
            misdelivered++;
            return;
        }
        delivered++;
        hopSum += hops;
        maxHops = Math.max(maxHops, hops);
        if (probe.id() >= 0 && probe.id() < hopsOf.length) {
            hopsOf[(int) probe.id()] = hops;
        }
    }
}
