package io.cangrid.can.message;

/**
 * An owner's word to the node a routed message started from: the zones it holds, which held the message's
 * point. The starting node keeps it for a few update periods and sends its next messages to points inside
 * those zones there at once, instead of hop by hop across the space (see {@code OwnerShortcuts}).
 */
public record OwnerNotice(NodeZones owner) implements CanMessage {
}
