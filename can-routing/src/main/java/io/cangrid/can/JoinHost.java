package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/**
 * What the {@link JoinDesk} needs of its node besides its {@link NodeParts}: the nodes it knows beyond its
 * neighbours, its phase and point, which change, and the node's own reactions to a join. On the joining side
 * the node learns its zones or gives up; on the owner's side it re-announces itself after giving space away.
 */
interface JoinHost extends NodeParts {

    /** Nodes known beyond the neighbours: a join's contacts are kept there for later repair walks. */
    Acquaintances acquaintances();

    CanPhase phase();

    /** The node's point as it is now: a join whose owner has the very same point redraws it. */
    Point point();

    /** Draws the node's virtual coordinate again, so that it no longer coincides with its owner's point. */
    void redrawVirtualCoordinate();

    /** The join cannot go through: the node stops, and says why. */
    void abandonJoin(String why);

    /** The join went through: the node holds {@code given} and meets the neighbours it {@code learned} of. */
    void activateWith(Zone[] given, NodeZones[] learned);

    /** The node's claim as it stands, which a joiner hears first among its new neighbours. */
    NodeZones claim();

    /** Tells the layers above that {@code given} went to {@code to} (the jobs whose points lie there go too). */
    void zonesHandedOver(Zone[] given, NodeId to);

    /** Re-announces the node after its zones changed; {@code learned} names nodes to meet, or is null. */
    void zonesChanged(NodeZones[] learned);
}
