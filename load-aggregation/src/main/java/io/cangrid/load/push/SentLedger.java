package io.cangrid.load.push;

import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.match.Candidate;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.overlay.NodeId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Jobs this node sent to each neighbour since that neighbour's last state message. Until the neighbour
 * speaks again its published queue is stale by exactly these jobs, so they are added to it when it is a
 * candidate (ALGORITHMS section 10, point 6: staleness herds jobs onto the node that looked free).
 */
final class SentLedger {

    private record Sent(NeighbourState seenState, int jobs) {
    }

    private final Map<NodeId, Sent> sent = new HashMap<>();

    void record(NodeId to, NeighbourState currentState) {
        Sent s = sent.get(to);
        int already = s != null && s.seenState == currentState ? s.jobs : 0;
        sent.put(to, new Sent(currentState, already + 1));
    }

    /** The candidate's queue with the jobs sent to it since its last state added. */
    Candidate adjust(Candidate c, NeighbourEntry entry) {
        Sent s = sent.get(c.id());
        if (s == null || entry == null || s.seenState != entry.lastState()) {
            return c;
        }
        return new Candidate(c.id(), c.capabilities(), c.queueLength() + s.jobs, c.backlogSeconds());
    }

    void forgetGone(List<NeighbourEntry> neighbours) {
        if (sent.size() > 2 * neighbours.size() + 8) {
            sent.keySet().removeIf(id -> neighbours.stream().noneMatch(n -> n.id().equals(id)));
        }
    }
}
