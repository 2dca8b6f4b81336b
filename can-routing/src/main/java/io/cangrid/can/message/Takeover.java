package io.cangrid.can.message;

import io.cangrid.can.geometry.ZonePath;
import io.cangrid.overlay.NodeId;

/**
 * Sent by a neighbour of a presumed-dead node to the dead node's other neighbours when its takeover timer
 * fires: the claimant with the smallest total volume (ties: smaller id) keeps the zone.
 */
public record Takeover(NodeId dead, ZonePath zone, double claimantVolume, NodeId claimant) implements CanMessage {

    /** True when this claim beats a rival claim of {@code volume} by {@code node}. */
    public boolean beats(double volume, NodeId node) {
        return claimantVolume < volume || (claimantVolume == volume && claimant.compareTo(node) < 0);
    }
}
