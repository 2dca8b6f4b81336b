package io.cangrid.live;

import com.esotericsoftware.kryo.io.KryoBufferOverflowException;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.wire.MessageCodec;

/**
 * Encodes messages for sending, and refuses at the sender one whose frame would exceed the grid's frame
 * limit. Written anyway, such a frame would make the receiver close the connection, taking every message
 * behind it along; refused here, only that message is lost, and the caller learns which and why.
 * Thread-safe, like the codec.
 */
final class MessageEncoder {

    /** A message too large to send is measured for its error up to this size at least. */
    private static final int MEASURE_AT_LEAST = 64 << 20;

    private final MessageCodec codec;
    private final int maxFrameBytes;
    private final int measureLimit;
    private volatile MessageCodec measuring;

    /** @param codec the grid's codec, which refuses bodies larger than a frame can hold */
    MessageEncoder(MessageCodec codec, int maxFrameBytes) {
        this.codec = codec;
        this.maxFrameBytes = maxFrameBytes;
        this.measureLimit = (int) Math.min(Integer.MAX_VALUE - 64L, Math.max(MEASURE_AT_LEAST, 2L * maxFrameBytes));
    }

    /**
     * {@code m} encoded, fit for one frame.
     *
     * @throws MessageTooLargeException naming its size and the limit when its frame would exceed the limit
     * @throws IllegalArgumentException when the message cannot be encoded at all (a type without a wire id)
     */
    EncodedMessage encode(Message m) throws MessageTooLargeException {
        String type = m.getClass().getSimpleName();
        byte[] body;
        try {
            body = codec.encode(m);
        } catch (IllegalArgumentException e) {
            if (!overflowed(e)) {
                throw e;
            }
            throw measured(m, type);
        }
        if (body.length > maxFrameBytes - FrameSeal.OVERHEAD) {
            throw new MessageTooLargeException(type, (long) body.length + FrameSeal.OVERHEAD, true, maxFrameBytes);
        }
        return new EncodedMessage(type, body);
    }

    /** The codec stops at the frame's size; to say how large the message is, encode it once more without. */
    private MessageTooLargeException measured(Message m, String type) {
        try {
            int body = measuringCodec().encode(m).length;
            return new MessageTooLargeException(type, (long) body + FrameSeal.OVERHEAD, true, maxFrameBytes);
        } catch (IllegalArgumentException e) {
            if (!overflowed(e)) {
                throw e;
            }
            return new MessageTooLargeException(type, measureLimit, false, maxFrameBytes);
        }
    }

    private MessageCodec measuringCodec() {
        MessageCodec c = measuring;
        if (c == null) {
            // Built on first need only: messages too large for a frame are rare, and a codec is not free.
            c = new MessageCodec(codec.registry(), measureLimit);
            measuring = c;
        }
        return c;
    }

    private static boolean overflowed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof KryoBufferOverflowException) {
                return true;
            }
        }
        return false;
    }
}
