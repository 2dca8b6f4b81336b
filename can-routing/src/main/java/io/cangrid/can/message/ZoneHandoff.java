package io.cangrid.can.message;

import io.cangrid.can.geometry.Zone;

/**
 * Zones given to a neighbour: by a node leaving gracefully, or by a node returning a zone it held only by
 * takeover to the holder of its sibling. The receiver adds them (merging siblings) and learns the claims
 * of the nodes around them.
 */
public record ZoneHandoff(Zone[] zones, NodeZones[] neighbours) implements CanMessage {
}
