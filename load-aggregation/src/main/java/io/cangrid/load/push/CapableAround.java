package io.cangrid.load.push;

import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.match.Candidate;
import io.cangrid.can.match.Candidates;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.RunQueue;
import io.cangrid.jobs.JobMatch;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * The capable nodes a CAN-P node sees around it (itself and its neighbours), with the jobs it sent each
 * neighbour since that neighbour last spoke counted in its queue when {@code countSent} is on: one stale
 * view then does not herd jobs onto one node.
 */
final class CapableAround {

    private final NodeContext ctx;
    private final CanNode can;
    private final RunQueue queue;
    private final ResourceSchema schema;
    private final boolean countSent;
    private final SentLedger ledger = new SentLedger();

    CapableAround(NodeContext ctx, CanNode can, RunQueue queue, ResourceSchema schema, boolean countSent) {
        this.ctx = ctx;
        this.can = can;
        this.queue = queue;
        this.schema = schema;
        this.countSent = countSent;
    }

    /** The candidates for the job around, narrowed to those its rank prefers once the jobs sent are counted. */
    List<Candidate> of(JobSpec spec) {
        JobMatch match = JobMatch.of(spec, schema);
        List<Candidate> capable = Candidates.capable(can, queue, match, spec.hasCommand(), ctx.now());
        if (!countSent) {
            return Candidates.preferred(capable, match);
        }
        ledger.forgetGone(can.neighbours());
        List<Candidate> adjusted = new ArrayList<>(capable.size());
        for (Candidate c : capable) {
            adjusted.add(c.id().equals(can.id()) ? c : ledger.adjust(c, lastStateOf(c.id()), spec.cores()));
        }
        return Candidates.preferred(adjusted, match);
    }

    /**
     * Counts a job of {@code work} seconds (at cpu 1.0) and {@code cores} cores sent to neighbour {@code to}
     * against its published queue, backlog and free cores until it speaks again.
     */
    void noteSent(NodeId to, double work, int cores) {
        if (to.equals(can.id())) {
            return;
        }
        NeighbourEntry entry = entryOf(to);
        if (countSent && entry != null) {
            ledger.record(to, entry.lastState(), work, cores);
        }
    }

    /** Neighbour {@code from} spoke (a state or a beat): the jobs sent to it are in what it publishes now. */
    void spoke(NodeId from) {
        ledger.spoke(from);
    }

    private NeighbourState lastStateOf(NodeId id) {
        NeighbourEntry entry = entryOf(id);
        return entry == null ? null : entry.lastState();
    }

    private NeighbourEntry entryOf(NodeId id) {
        for (NeighbourEntry n : can.neighbours()) {
            if (n.id().equals(id)) {
                return n;
            }
        }
        return null;
    }
}
