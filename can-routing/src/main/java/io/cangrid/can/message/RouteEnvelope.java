package io.cangrid.can.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/** A payload travelling greedily to the owner of {@code target}. */
public record RouteEnvelope(Point target, NodeId origin, int hops, int hopLimit, Message payload) implements CanMessage {

    public RouteEnvelope nextHop() {
        return new RouteEnvelope(target, origin, hops + 1, hopLimit, payload);
    }
}
