package io.cangrid.live;

import java.io.IOException;

/**
 * A message was not sent because its frame would exceed the grid's frame limit ({@code grid.max-frame-size}):
 * the receiver would refuse the frame and close the connection, so the sender refuses it first and says so
 * to its caller. The size counts the whole frame, message and the 24 bytes that seal it, since that is
 * what the limit bounds.
 */
public final class MessageTooLargeException extends IOException {

    private final String messageType;
    private final long frameBytes;
    private final int limit;

    /**
     * @param frameBytes the frame's size, or at least that when {@code measured} is false (the message is
     *     too large even to measure)
     */
    MessageTooLargeException(String messageType, long frameBytes, boolean measured, int limit) {
        super("message of " + (measured ? "" : "more than ") + frameBytes + " bytes exceeds the grid's frame"
                + " limit of " + limit + " bytes (grid.max-frame-size): make the " + messageType + " smaller, or"
                + " raise grid.max-frame-size on every node and client of the grid");
        this.messageType = messageType;
        this.frameBytes = frameBytes;
        this.limit = limit;
    }

    /** The simple class name of the message refused. */
    public String messageType() {
        return messageType;
    }

    /** The size its frame would have had (a lower bound for a message too large to measure). */
    public long frameBytes() {
        return frameBytes;
    }

    /** The grid's frame limit. */
    public int limit() {
        return limit;
    }
}
