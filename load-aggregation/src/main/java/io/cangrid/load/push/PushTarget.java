package io.cangrid.load.push;

import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.load.LoadState;
import io.cangrid.load.ZoneLoad;
import io.cangrid.overlay.NodeId;

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
        PushTarget best = null;
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
                    double nodes = m.nodesFrom(d);
                    double queued = m.queuedFrom(d);
                    PushTarget t = new PushTarget(n.id(), d, nodes, queued, objective.value(queued, nodes),
                            mine.nodesAbove()[d]);
                    if (best == null || t.objective < best.objective
                            || (t.objective == best.objective && t.nodes > best.nodes)) {
                        best = t;
                    }
                }
            }
        }
        return best;
    }
}
