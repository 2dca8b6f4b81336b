package io.cangrid.load.push;

import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.match.Candidate;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.overlay.NodeId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Jobs this node sent to each neighbour since that neighbour's last state message or beat. Until the neighbour
 * speaks again its published queue and backlog are stale by exactly these jobs and their work, so they are
 * added to them when it is a candidate (design.md §10: staleness herds jobs onto the node that looked free).
 */
final class SentLedger {

    /** @param work the jobs' summed work in seconds at cpu 1.0 */
    private record Sent(NeighbourState seenState, int jobs, double work, int cores) {
    }

    private final Map<NodeId, Sent> sent = new HashMap<>();

    void record(NodeId to, NeighbourState currentState, double work, int cores) {
        Sent s = sent.get(to);
        boolean sameState = s != null && s.seenState == currentState;
        sent.put(to, new Sent(currentState, (sameState ? s.jobs : 0) + 1, (sameState ? s.work : 0) + work,
                (sameState ? s.cores : 0) + cores));
    }

    /**
     * The candidate's queue, backlog and free cores with the jobs sent to it since its last state added: it
     * stays free for a job of {@code cores} cores only if they fit beside the cores already sent (the memory
     * they reserve is not counted: cores run out first on the machines this matters for).
     */
    Candidate adjust(Candidate c, NeighbourState current, int cores) {
        Sent s = sent.get(c.id());
        if (s == null || s.seenState != current) {
            return c;
        }
        int freeCores = Math.max(0, c.freeCores() - s.cores);
        return new Candidate(c.id(), c.capabilities(), c.queueLength() + s.jobs,
                c.backlogSeconds() + s.work / c.cpu(), freeCores, c.isFree() && freeCores >= cores, c.rank());
    }

    /**
     * {@code from} spoke: a state message, or a beat saying its state is as before. Either way its published
     * queue now stands for whatever it had taken in when it sent it.
     */
    void spoke(NodeId from) {
        sent.remove(from);
    }

    void forgetGone(List<NeighbourEntry> neighbours) {
        if (sent.size() > 2 * neighbours.size() + 8) {
            sent.keySet().removeIf(id -> neighbours.stream().noneMatch(n -> n.id().equals(id)));
        }
    }
}
