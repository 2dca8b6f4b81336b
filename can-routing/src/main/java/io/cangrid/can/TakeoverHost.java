package io.cangrid.can;

import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;

/**
 * What {@link Takeovers} needs of its node besides its {@link NodeParts}: the node's phase, and the node's
 * reactions when a race for a dead neighbour's space changes its zones or is decided.
 */
interface TakeoverHost extends NodeParts {

    CanPhase phase();

    /** Re-announces the node after its zones changed; {@code learned} names nodes to meet, or is null. */
    void zonesChanged(NodeZones[] learned);

    /** Reads every neighbour's claim and list again, as held: overlaps passed over during a race are settled. */
    void rereadLists();

    /** Sends the node's state to {@code to}, whose claim it outranks or which lost a race it no longer runs. */
    void sendState(NodeId to);
}
