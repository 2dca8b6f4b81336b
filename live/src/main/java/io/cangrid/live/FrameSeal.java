package io.cangrid.live;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.security.MessageDigest;
import javax.crypto.Mac;

/**
 * One direction of an authenticated connection: frames are {@code sequence (8) | body | MAC (16)}, the
 * MAC being HMAC-SHA256 under the direction's key over sequence and body, truncated to 128 bits. The
 * receiver expects sequence numbers 0, 1, 2, ... exactly, so a frame replayed, dropped or reordered is
 * noticed, and a frame from another connection fails its MAC. Used by the connection's thread only.
 */
final class FrameSeal {

    static final int MAC_BYTES = 16;
    static final int OVERHEAD = Long.BYTES + MAC_BYTES;

    private final Mac mac;
    private final byte[] full = new byte[32];
    private long sequence;

    FrameSeal(byte[] key) {
        this.mac = GridSecret.newMac(key);
    }

    ByteBuf seal(ByteBufAllocator alloc, byte[] body) {
        ByteBuf out = alloc.buffer(OVERHEAD + body.length);
        out.writeLong(sequence++);
        out.writeBytes(body);
        mac.update(out.nioBuffer(0, out.writerIndex()));
        out.writeBytes(finish(), 0, MAC_BYTES);
        return out;
    }

    /** Checks a frame and returns its body. */
    byte[] open(ByteBuf frame) throws ConnectionRejected {
        int n = frame.readableBytes();
        if (n < OVERHEAD + 1) {
            throw new ConnectionRejected("frame of " + n + " byte(s) is too short to hold a sequence number, a"
                    + " message and a MAC");
        }
        int start = frame.readerIndex();
        mac.update(frame.nioBuffer(start, n - MAC_BYTES));
        byte[] computed = finish();
        byte[] received = new byte[MAC_BYTES];
        frame.getBytes(start + n - MAC_BYTES, received);
        if (!MessageDigest.isEqual(java.util.Arrays.copyOf(computed, MAC_BYTES), received)) {
            throw new ConnectionRejected("bad frame MAC (tampered, or not from this connection)");
        }
        long seq = frame.getLong(start);
        if (seq != sequence) {
            throw new ConnectionRejected(seq < sequence
                    ? "replayed frame (sequence " + seq + ", expected " + sequence + ")"
                    : "frame(s) missing or reordered (sequence " + seq + ", expected " + sequence + ")");
        }
        sequence++;
        byte[] body = new byte[n - OVERHEAD];
        frame.getBytes(start + Long.BYTES, body);
        return body;
    }

    private byte[] finish() {
        try {
            mac.doFinal(full, 0);
        } catch (javax.crypto.ShortBufferException e) {
            throw new IllegalStateException(e);
        }
        return full;
    }
}
