package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Timer;

/**
 * One zone of a presumed-dead neighbour this node competes for. It keeps the volume the node claimed
 * with after the claim, so a later rival claim can still be compared with it.
 */
final class TakeoverAttempt {

    final NodeId dead;
    final Zone zone;
    final NodeZones[] deadNeighbours;
    Timer timer;
    boolean claimed;
    double claimVolume;

    TakeoverAttempt(NodeId dead, Zone zone, NodeZones[] deadNeighbours) {
        this.dead = dead;
        this.zone = zone;
        this.deadNeighbours = deadNeighbours;
    }
}
