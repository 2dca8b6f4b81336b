package io.cangrid.can.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;

/**
 * What every node sends each neighbour once per update period and at once when its zones change: its
 * claim, its point and capabilities, the claims of its own neighbours (what a takeover of its zones
 * needs, and how nodes discover neighbours they missed), and the extension slot through which higher
 * layers (job queue, load aggregates) ride on the same message.
 */
public record NeighbourState(
        NodeZones self,
        Point point,
        Capabilities capabilities,
        NodeZones[] neighbours,
        Message extension) implements CanMessage {
}
