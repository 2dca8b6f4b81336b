package io.cangrid.hygra.protocol;

import io.cangrid.hygra.message.NodeState;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * L'(i) of Algorithm 1: the linked and 2-hop nodes, each with the newest state heard, ordered by distance
 * to the node (ties by id, so that two nodes at one point do not make the choice depend on arrival order).
 */
final class CandidateSet {

    private final NodeId self;
    private final Map<NodeId, NodeState> states = new LinkedHashMap<>();

    CandidateSet(NodeId self) {
        this.self = self;
    }

    void offer(NodeState state) {
        if (state.node().equals(self)) {
            return;
        }
        NodeState known = states.get(state.node());
        if (known == null || state.newerThan(known)) {
            states.put(state.node(), state);
        }
    }

    /** The {@code limit} nearest to {@code from}, nearest first. */
    List<NodeState> nearest(Point from, int limit) {
        List<NodeState> sorted = new ArrayList<>(states.values());
        sorted.sort(Comparator.comparingDouble((NodeState s) -> s.point().distanceTo(from))
                .thenComparing(NodeState::node));
        return sorted.subList(0, Math.min(limit, sorted.size()));
    }
}
