package io.cangrid.can.message;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/** Routed to the owner of {@code point}: a new node asks for a zone. */
public record JoinRequest(NodeId joiner, Point point, long attempt) implements CanMessage {
}
