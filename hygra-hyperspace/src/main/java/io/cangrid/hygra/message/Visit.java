package io.cangrid.hygra.message;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/** A node a request has been to, and where that node stood in the hyperspace then. */
public record Visit(NodeId node, Point point) {
}
