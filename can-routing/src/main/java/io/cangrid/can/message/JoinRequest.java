package io.cangrid.can.message;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/**
 * Routed to the owner of {@code point}: a new node asks for a zone. {@code version} is the joiner's claim
 * version as it asks, past that of every claim it made before: a node still crediting it with zones of an
 * older claim learns from it that the joiner holds them no longer.
 */
public record JoinRequest(NodeId joiner, Point point, long attempt, long version) implements CanMessage {

    /** The request of a node that never held a zone (claim version 0). */
    public JoinRequest(NodeId joiner, Point point, long attempt) {
        this(joiner, point, attempt, 0);
    }
}
