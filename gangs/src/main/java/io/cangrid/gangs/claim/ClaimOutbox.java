package io.cangrid.gangs.claim;

import io.cangrid.overlay.NodeId;

/** Where the claim's roles send: the node's desk, which hands a message to itself without the network. */
@FunctionalInterface
interface ClaimOutbox {
    void send(NodeId to, ClaimMessage message);
}
