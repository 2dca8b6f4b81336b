package io.cangrid.can.match;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.resource.Capabilities;

/** A node that could run a job, as the deciding node sees it: its capabilities and its last known load. */
public record Candidate(NodeId id, Capabilities capabilities, int queueLength, double backlogSeconds) {

    public double cpu() {
        return capabilities.get(0);
    }

    public boolean isFree() {
        return queueLength == 0;
    }
}
