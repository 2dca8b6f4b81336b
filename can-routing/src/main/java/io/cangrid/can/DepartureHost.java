package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/**
 * What a {@link Departure} needs of its node besides its {@link NodeParts}: the node's point (its home zone is
 * never returned to a sibling's holder) and word to the layers above of every zone given away.
 */
interface DepartureHost extends NodeParts {

    Point point();

    /** Tells the layers above that {@code given} went to {@code to} (the jobs whose points lie there go too). */
    void zonesHandedOver(Zone[] given, NodeId to);
}
