package io.cangrid.live;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the bytes a node writes to its sockets, on every connection it has (handshakes, frames, their
 * length prefixes and MACs, TLS records when TLS is on): first in each pipeline, so it sees what leaves
 * for the kernel. One instance serves all of a node's connections; an addition per write is all it costs.
 */
@ChannelHandler.Sharable
final class WireBytes extends ChannelOutboundHandlerAdapter {

    private final LongAdder written = new LongAdder();

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf b) {
            written.add(b.readableBytes());
        } else if (msg instanceof ByteBufHolder h) {
            written.add(h.content().readableBytes());
        }
        ctx.write(msg, promise);
    }

    long written() {
        return written.sum();
    }
}
