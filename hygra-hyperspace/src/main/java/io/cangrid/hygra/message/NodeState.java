package io.cangrid.hygra.message;

import io.cangrid.hygra.resource.ResourceVector;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/**
 * What a node tells others about itself: what it has available and the point that makes in the
 * hyperspace. {@code version} grows with every change, so a receiver keeps the newest of two reports.
 */
public record NodeState(NodeId node, long version, ResourceVector available, Point point) {

    public boolean newerThan(NodeState other) {
        return other == null || version > other.version;
    }
}
