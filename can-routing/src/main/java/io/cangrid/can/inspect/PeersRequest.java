package io.cangrid.can.inspect;

import io.cangrid.overlay.Message;

/** An operator's question to one node: who are you, what do you hold, whom do you know. */
public record PeersRequest(long requestId) implements Message {
}
