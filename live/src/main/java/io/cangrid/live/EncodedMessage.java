package io.cangrid.live;

/**
 * A message as its sender encoded it, already checked to fit in one frame; the session only seals it.
 *
 * @param type the message's simple class name, for log lines
 * @param body the encoded message
 */
record EncodedMessage(String type, byte[] body) {
}
