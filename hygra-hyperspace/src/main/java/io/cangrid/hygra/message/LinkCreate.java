package io.cangrid.hygra.message;

/**
 * Link creation notification. The receiver accepts unless that would take it above degmax; a joining
 * sender is the exception a full receiver makes room for by cutting its farthest link it may cut.
 */
public record LinkCreate(NodeState sender, boolean joining) implements HygraMessage {
}
