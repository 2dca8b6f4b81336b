package io.cangrid.can.match;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.resource.Capabilities;

/**
 * A node that could run a job, as the deciding node sees it: its capabilities, its last known load, the
 * cores a job arriving there now could take, whether the job in hand could start there at once (free), and
 * how much the job's {@code Rank} prefers it (0 when the job ranks none).
 */
public record Candidate(NodeId id, Capabilities capabilities, int queueLength, double backlogSeconds, int freeCores,
        boolean isFree, double rank) {

    public Candidate(NodeId id, Capabilities capabilities, int queueLength, double backlogSeconds, int freeCores,
            boolean isFree) {
        this(id, capabilities, queueLength, backlogSeconds, freeCores, isFree, 0);
    }

    /** A one-core node: free exactly when its queue is empty. */
    public Candidate(NodeId id, Capabilities capabilities, int queueLength, double backlogSeconds) {
        this(id, capabilities, queueLength, backlogSeconds, queueLength == 0 ? 1 : 0, queueLength == 0);
    }

    public double cpu() {
        return capabilities.get(0);
    }
}
