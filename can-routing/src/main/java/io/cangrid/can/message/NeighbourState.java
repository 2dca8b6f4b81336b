package io.cangrid.can.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;

/**
 * What every node sends each neighbour once per update period and at once when its zones change: its
 * claim, its point and capabilities, the claims of its own neighbours (what a takeover of its zones
 * needs, and how nodes discover neighbours they missed), and the extension slot through which higher
 * layers (job queue, load aggregates) ride on the same message.
 *
 * @param listVersion numbers the sender's neighbour list: the same number means the same list, so a
 *     receiver that has read it once need not read it again (a copy of the list compares equal without
 *     being compared); {@link #UNVERSIONED} asks for a full reading every time
 */
public record NeighbourState(
        NodeZones self,
        Point point,
        Capabilities capabilities,
        NodeZones[] neighbours,
        long listVersion,
        Message extension) implements CanMessage {

    public static final long UNVERSIONED = -1;

    /** A state whose neighbour list is read in full on every arrival. */
    public NeighbourState(NodeZones self, Point point, Capabilities capabilities, NodeZones[] neighbours,
            Message extension) {
        this(self, point, capabilities, neighbours, UNVERSIONED, extension);
    }
}
