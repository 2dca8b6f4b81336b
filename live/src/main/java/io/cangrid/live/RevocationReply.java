package io.cangrid.live;

import io.cangrid.overlay.Message;

/** A node's answer to a client that brought it a revocation: in force (new or known), or why not. */
public record RevocationReply(boolean inForce, String detail) implements Message {
}
