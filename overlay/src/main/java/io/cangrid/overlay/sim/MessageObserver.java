package io.cangrid.overlay.sim;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;

/** Sees every message a simulated node sends (for metrics such as messages per node per second). */
@FunctionalInterface
public interface MessageObserver {
    void onSend(NodeId from, NodeId to, Message message, long now);
}
