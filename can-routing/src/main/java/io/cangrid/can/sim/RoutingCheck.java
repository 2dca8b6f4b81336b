package io.cangrid.can.sim;

import io.cangrid.can.CanNode;
import io.cangrid.can.inspect.PartitionIndex;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.List;

/**
 * Routes probes from random nodes to random points and checks that each is delivered by the node that
 * owns the point according to the global partition index.
 */
public final class RoutingCheck {

    /** What a batch of probes showed. */
    public record Result(int routed, int delivered, int misdelivered, double meanHops, int maxHops) {
    }

    private final CanSimulation grid;
    private int delivered;
    private int misdelivered;
    private long hopSum;
    private int maxHops;

    public RoutingCheck(CanSimulation grid) {
        this.grid = grid;
    }

    /** Routes {@code count} probes (one per ms of virtual time) and runs until they have all arrived. */
    public Result run(int count, PointSource targets, PartitionIndex index) {
        List<CanNode> active = grid.activeNodes();
        for (CanNode n : active) {
            n.setRoutedHandler((target, payload, hops) -> record(n.id(), target, payload, hops, index));
        }
        var sim = grid.simulation();
        var rnd = new java.util.SplittableRandom(count * 31L + active.size());
        for (int i = 0; i < count; i++) {
            CanNode from = active.get(rnd.nextInt(active.size()));
            Point target = targets.next(rnd);
            long id = i;
            sim.after(i, () -> from.route(target, new RoutingProbe(id)));
        }
        long deadline = sim.now() + count + 600_000;
        sim.runUntil(() -> delivered + misdelivered >= count, deadline);
        return new Result(count, delivered, misdelivered, delivered == 0 ? 0 : (double) hopSum / delivered, maxHops);
    }

    private void record(NodeId at, Point target, Message payload, int hops, PartitionIndex index) {
        if (!(payload instanceof RoutingProbe)) {
            return;
        }
        if (index != null && !at.equals(index.ownerOf(target))) {
            misdelivered++;
            return;
        }
        delivered++;
        hopSum += hops;
        maxHops = Math.max(maxHops, hops);
    }
}
