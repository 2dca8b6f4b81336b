package io.cangrid.can.message;

import io.cangrid.overlay.NodeId;

/**
 * From a neighbour leaving this world for the older one it met ({@code leader}, {@code term}, with the
 * last heartbeat of it heard): this world's nodes leave it too, each joining the older world at its own
 * point through {@code through}.
 */
public record WorldMerge(NodeId leader, long term, int beat, NodeId through) implements CanMessage {
}
