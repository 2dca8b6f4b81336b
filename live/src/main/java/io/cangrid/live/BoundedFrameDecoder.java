package io.cangrid.live;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.TooLongFrameException;
import java.util.List;

/**
 * Frames behind a 4-byte length that counts the frame alone, not itself, so that a frame the sender
 * allows ({@link NetConfig#maxFrameBytes()}) is one the receiver accepts. Until the session is
 * authenticated the limit is the small {@link NetConfig#maxHandshakeFrameBytes()}: a stranger can make a
 * node buffer no more than a hello per connection. {@link #open()} raises it to the full limit.
 *
 * <p>An oversized length is refused as soon as its prefix arrives, before any of its body is buffered. A
 * connection that ends in the middle of a frame is reported rather than dropped in silence.
 */
final class BoundedFrameDecoder extends ByteToMessageDecoder {

    static final int LENGTH_BYTES = 4;

    /** Fired down the pipeline when the connection closed with part of a frame unread. */
    record Truncated(int bytes) {
    }

    private final int openLimit;
    private int limit;
    private boolean authenticated;
    private boolean refused;

    BoundedFrameDecoder(int handshakeLimit, int openLimit) {
        this.limit = handshakeLimit;
        this.openLimit = openLimit;
    }

    /** The session is authenticated: frames up to the grid's full limit are accepted from now on. */
    void open() {
        authenticated = true;
        limit = openLimit;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws TooLongFrameException {
        if (refused) {
            // The connection is being closed; whatever still arrives is not worth keeping.
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() < LENGTH_BYTES) {
            return;
        }
        long length = in.getUnsignedInt(in.readerIndex());
        if (length > limit) {
            refused = true;
            in.skipBytes(in.readableBytes());
            throw new TooLongFrameException(authenticated
                    ? "frame of " + length + " bytes exceeds the grid's frame limit of " + limit
                            + " bytes (grid.max-frame-size, which every node of a grid must share)"
                    : "frame of " + length + " bytes before the handshake is done, where at most " + limit
                            + " bytes are accepted");
        }
        // Taking one frame per call lets the session see the frame that opens it before the next frame's
        // length is checked against the raised limit.
        if (in.readableBytes() < LENGTH_BYTES + length) {
            return;
        }
        in.skipBytes(LENGTH_BYTES);
        out.add(in.readRetainedSlice((int) length));
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        super.decodeLast(ctx, in, out);
        if (in.isReadable() && !refused) {
            int left = in.readableBytes();
            in.skipBytes(left);
            ctx.fireUserEventTriggered(new Truncated(left));
        }
    }
}
