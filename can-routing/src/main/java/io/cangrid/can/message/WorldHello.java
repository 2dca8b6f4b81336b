package io.cangrid.can.message;

import io.cangrid.overlay.NodeId;

/**
 * Sent now and then to a node the sender presumed dead: its claim, and its world's leader, term and last
 * heartbeat heard. A node of another world that receives it has met the other side of a partition that
 * healed; the heartbeat tells a world that lives on from the word of one whose leader died.
 */
public record WorldHello(NodeZones claim, NodeId leader, long term, int beat) implements CanMessage {
}
