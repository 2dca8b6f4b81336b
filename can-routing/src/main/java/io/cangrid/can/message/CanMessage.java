package io.cangrid.can.message;

import io.cangrid.overlay.Message;

/** Every message of the CAN protocol; a node hands these to its CAN layer. */
public interface CanMessage extends Message {
}
