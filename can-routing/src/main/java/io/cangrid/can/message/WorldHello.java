package io.cangrid.can.message;

import io.cangrid.overlay.NodeId;

/**
 * Sent now and then to a node the sender presumed dead: its claim and its world's leader and term. A node
 * that receives it while it holds space the claim also holds, and leads another world, has met the other
 * side of a partition that healed.
 */
public record WorldHello(NodeZones claim, NodeId leader, long term) implements CanMessage {
}
