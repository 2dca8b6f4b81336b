package io.cangrid.overlay.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.util.List;

/**
 * Frames behind a 4-byte length, at most {@code maxFrameBytes} each; an oversized length is refused as
 * soon as its prefix arrives, before any of its body is buffered. A connection that ends in the middle
 * of a frame is reported rather than dropped in silence.
 */
final class BoundedFrameDecoder extends LengthFieldBasedFrameDecoder {

    /** Fired down the pipeline when the connection closed with part of a frame unread. */
    record Truncated(int bytes) {
    }

    BoundedFrameDecoder(int maxFrameBytes) {
        super(maxFrameBytes, 0, 4, 0, 4, true);
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        super.decodeLast(ctx, in, out);
        if (in.isReadable()) {
            int left = in.readableBytes();
            in.skipBytes(left);
            ctx.fireUserEventTriggered(new Truncated(left));
        }
    }
}
