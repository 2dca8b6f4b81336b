package io.cangrid.live;

import io.cangrid.overlay.wire.MessageCodec;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.LengthFieldPrepender;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;

/**
 * The handlers of every connection, in order: the node's count of bytes written, TLS when configured, idle detection, frames behind a
 * length prefix (bounded, tightly until the session is authenticated), flush batching, then the session
 * (handshake, MACs, messages).
 */
final class Pipelines {

    private Pipelines() {
    }

    /** @param bytes the node's count of bytes written, or null where none is kept (a client) */
    static void install(Channel ch, boolean initiator, NetConfig config, MessageCodec codec, SessionHandler session,
            WireBytes bytes) {
        ChannelPipeline p = ch.pipeline();
        if (bytes != null) {
            p.addLast("bytes", bytes);
        }
        if (initiator && config.clientTls() != null) {
            p.addLast("tls", config.clientTls().newHandler(ch.alloc()));
        } else if (!initiator && config.serverTls() != null) {
            p.addLast("tls", config.serverTls().newHandler(ch.alloc()));
        }
        p.addLast("idle", new IdleStateHandler(0, 0, config.idleMillis(), TimeUnit.MILLISECONDS));
        p.addLast("frames", new BoundedFrameDecoder(config.maxHandshakeFrameBytes(), config.maxFrameBytes()));
        p.addLast("length", new LengthFieldPrepender(4));
        // Many small messages go out per event-loop turn; one flush (one syscall) per turn serves them all.
        p.addLast("flush", new FlushConsolidationHandler(256, true));
        p.addLast("session", session);
    }
}
