package io.cangrid.peersim;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;

/** A message on its way through PeerSim's transport, with the node that sent it. */
record Envelope(NodeId from, Message message) {
}
