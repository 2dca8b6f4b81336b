package io.cangrid.can.message;

import io.cangrid.can.geometry.Zone;

/**
 * The owner's answer to a join: the zones the new node now holds (the new half of a split, or a whole
 * zone held only by takeover) and the claims of the nodes around them.
 */
public record JoinAccept(Zone[] zones, NodeZones[] neighbours, long attempt) implements CanMessage {
}
