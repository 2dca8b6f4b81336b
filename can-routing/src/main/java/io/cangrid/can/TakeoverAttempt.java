package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Timer;
import java.util.List;

/**
 * One zone of a presumed-dead neighbour this node competes for. It keeps the volume the node claimed
 * with after the claim, so a later rival claim can still be compared with it.
 */
final class TakeoverAttempt {

    final NodeId dead;
    /** The dead node's claim as last known, which this node keeps passing on until the race is decided. */
    final NodeZones deadClaim;
    final Zone zone;
    final NodeZones[] deadNeighbours;
    Timer timer;
    boolean claimed;
    double claimVolume;
    /** Claimants of the same zone we have sent our claim to since winning it ourselves. */
    List<NodeId> told;

    TakeoverAttempt(NodeZones deadClaim, Zone zone, NodeZones[] deadNeighbours) {
        this.dead = deadClaim.node();
        this.deadClaim = deadClaim;
        this.zone = zone;
        this.deadNeighbours = deadNeighbours;
    }
}
