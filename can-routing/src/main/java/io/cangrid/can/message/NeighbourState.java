package io.cangrid.can.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;

/**
 * What every node sends each neighbour once per update period (or a {@link NeighbourBeat} in its place,
 * when the neighbour holds this state already) and at once when its zones change: its
 * claim, its point and capabilities, its own neighbour list (what a takeover of its zones needs, and how
 * nodes discover neighbours they missed), and the extension slot through which higher layers (job queue,
 * load aggregates) ride on the same message.
 *
 * <p>The neighbour list travels incrementally. Now and then the sender sends its whole list and makes it
 * the <em>base</em>, numbered {@code baseVersion}; every message in between carries only the claims listed
 * or changed since that base ({@code changed}) and the nodes no longer listed ({@code dropped}). A receiver
 * that holds the base applies the changes; one that does not asks for it ({@link ListRequest}). In a
 * settled overlay the changes are empty and a state message costs little more than the sender's claim.
 *
 * @param listed the sender's whole list as of {@code baseVersion}, or null when the message carries only
 *     the changes since then
 * @param baseVersion the number of the base list the changes are relative to
 * @param changed claims listed or changed since the base, each node's latest
 * @param dropped nodes in the base list that are no longer listed
 * @param listVersion numbers the sender's list as it is now: the same number means the same list, so a
 *     receiver that has read it once need not read it again; {@link #UNVERSIONED} (with the whole list in
 *     {@code listed}) asks for a full reading every time
 * @param world the sender's world (see {@code Reunions}), or null from a node that keeps none
 * @param serial numbers the sender's states in the order it made them, so that a receiver holding one that
 *     was overtaken in flight by a later one can tell from a {@link NeighbourBeat} (0: unnumbered)
 */
public record NeighbourState(
        NodeZones self,
        Point point,
        Capabilities capabilities,
        NodeZones[] listed,
        long baseVersion,
        NodeZones[] changed,
        NodeId[] dropped,
        long listVersion,
        Message extension,
        WorldBeacon world,
        long serial) implements CanMessage {

    public static final long UNVERSIONED = -1;
    private static final NodeZones[] NO_CLAIMS = new NodeZones[0];
    private static final NodeId[] NO_NODES = new NodeId[0];

    public NeighbourState {
        if (changed == null) {
            changed = NO_CLAIMS;
        }
        if (dropped == null) {
            dropped = NO_NODES;
        }
    }

    /** An unnumbered state. */
    public NeighbourState(NodeZones self, Point point, Capabilities capabilities, NodeZones[] listed,
            long baseVersion, NodeZones[] changed, NodeId[] dropped, long listVersion, Message extension,
            WorldBeacon world) {
        this(self, point, capabilities, listed, baseVersion, changed, dropped, listVersion, extension, world, 0);
    }

    /** A state of a node that keeps no world. */
    public NeighbourState(NodeZones self, Point point, Capabilities capabilities, NodeZones[] listed,
            long baseVersion, NodeZones[] changed, NodeId[] dropped, long listVersion, Message extension) {
        this(self, point, capabilities, listed, baseVersion, changed, dropped, listVersion, extension, null);
    }

    /** A state with the whole list, read in full on every arrival. */
    public NeighbourState(NodeZones self, Point point, Capabilities capabilities, NodeZones[] neighbours,
            Message extension) {
        this(self, point, capabilities, neighbours, UNVERSIONED, NO_CLAIMS, NO_NODES, UNVERSIONED, extension);
    }

    /** The same state with another extension (a receiver's stand-in for one its layer refused). */
    public NeighbourState withExtension(Message other) {
        return new NeighbourState(self, point, capabilities, listed, baseVersion, changed, dropped, listVersion, other,
                world, serial);
    }

    /** The same state under another number. */
    public NeighbourState withSerial(long number) {
        return new NeighbourState(self, point, capabilities, listed, baseVersion, changed, dropped, listVersion,
                extension, world, number);
    }

    /** True when the message carries the sender's base list, not only the changes since it. */
    public boolean carriesList() {
        return listed != null;
    }

    /** True when the list carried (or changed) differs from the base: some claim or drop rides along. */
    public boolean hasChanges() {
        return changed.length > 0 || dropped.length > 0;
    }

    /**
     * The sender's whole list, when this message carries it: the base with the changes applied. Null for a
     * message that carries only changes.
     */
    public NodeZones[] neighbours() {
        return listed == null ? null : ListedClaims.merge(listed, changed, dropped);
    }
}
