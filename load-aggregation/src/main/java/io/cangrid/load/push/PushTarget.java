package io.cangrid.load.push;

import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.load.LoadState;
import io.cangrid.load.ZoneLoad;
import io.cangrid.overlay.NodeId;
import java.util.function.ToDoubleFunction;

/**
 * Step 3 of CAN-P: over every dimension d and every upper neighbour M of this node in d, the region at and
 * above M with the best objective — {@code n = Info + AggrInfo#_d(M)}, {@code q = Q(M) + AggrInfoQ_d(M)}.
 * Only upper neighbours are considered, so a job is never pushed downward.
 *
 * @param nodesAboveHere {@code AggrInfo#_d(X)} of this node's zone facing M: the A of the stopping rule
 */
public record PushTarget(NodeId neighbour, int dimension, double nodes, double queued, double objective,
        double nodesAboveHere) {

    /** The best target around {@code can}, or null when it has no upper neighbour with published loads. */
    public static PushTarget choose(CanNode can, LoadState own, PushObjective objective) {
        return choose(can, own, objective, 0, null);
    }

    /**
     * As {@link #choose(CanNode, LoadState, PushObjective)}, except that among the targets whose average queue
     * {@code q/n} is below {@code idleBelow} (someone there is idle) the one whose zone costs least by
     * {@code regionCost} wins, ties to the better objective; with no such target, or a null cost, the best
     * objective wins as before.
     */
    public static PushTarget choose(CanNode can, LoadState own, PushObjective objective, double idleBelow,
            ToDoubleFunction<Zone> regionCost) {
        return choose(can, own, objective, idleBelow, regionCost, null);
    }

    /**
     * As {@link #choose(CanNode, LoadState, PushObjective, double, ToDoubleFunction)}, for a job that runs
     * only on machines of {@code category} (an operating system; null: any machine): where a neighbour's load
     * is split by category, the region above it is weighed by the machines of that category alone, and a
     * region with none of them is no target.
     */
    public static PushTarget choose(CanNode can, LoadState own, PushObjective objective, double idleBelow,
            ToDoubleFunction<Zone> regionCost, String category) {
        PushTarget best = null;
        PushTarget gentlest = null;
        double gentlestCost = Double.POSITIVE_INFINITY;
        for (NeighbourEntry n : can.neighbours()) {
            if (n.lastState() == null || !(n.lastState().extension() instanceof LoadState theirs)) {
                continue;
            }
            for (ZoneLoad mine : own.zones()) {
                Zone x = mine.zone();
                for (ZoneLoad m : theirs.zones()) {
                    int d = x.neighbourDimension(m.zone());
                    if (d < 0 || m.zone().lo(d) != x.hi(d)) {
                        continue;
                    }
                    boolean split = category != null && m.categories() != null;
                    double nodes = split ? m.categories().nodesFrom(d, category) : m.nodesFrom(d);
                    double queued = split ? m.categories().queuedFrom(d, category) : m.queuedFrom(d);
                    if (split && nodes <= 0) {
                        continue;
                    }
                    double aboveHere = category != null && mine.categories() != null
                            ? mine.categories().nodesAbove(d, category) : mine.nodesAbove()[d];
                    PushTarget t = new PushTarget(n.id(), d, nodes, queued, objective.value(queued, nodes),
                            aboveHere);
                    if (best == null || t.objective < best.objective
                            || (t.objective == best.objective && t.nodes > best.nodes)) {
                        best = t;
                    }
                    if (regionCost != null && nodes > 0 && queued / nodes < idleBelow) {
                        double cost = regionCost.applyAsDouble(m.zone());
                        if (gentlest == null || cost < gentlestCost
                                || (cost == gentlestCost && t.objective < gentlest.objective)) {
                            gentlest = t;
                            gentlestCost = cost;
                        }
                    }
                }
            }
        }
        return gentlest != null ? gentlest : best;
    }
}
