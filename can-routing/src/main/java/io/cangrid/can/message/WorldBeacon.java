package io.cangrid.can.message;

import io.cangrid.overlay.NodeId;

/**
 * Which node leads the sender's world as it knows it, carried in its state messages: the leader's id, since
 * when it leads ({@code term}, the leader's clock), and the last of the leader's heartbeats the sender heard
 * of ({@code beat}, one a period). Through these every part of a grid cut off from the rest comes to name
 * one leader of its own, and two parts that meet again can tell, the same way at both ends, which of them
 * the other joins.
 */
public record WorldBeacon(NodeId leader, long term, int beat) {
}
