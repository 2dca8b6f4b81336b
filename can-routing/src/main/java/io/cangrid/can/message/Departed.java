package io.cangrid.can.message;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;

/**
 * Sent by a node leaving gracefully to each of its neighbours: it is gone, and each of its zones now
 * belongs to the given recipient. Neighbours drop it at once instead of presuming it dead later and
 * competing for zones that already have a new owner.
 */
public record Departed(NodeId leaver, NodeId[] recipients, Zone[] zones) implements CanMessage {
}
