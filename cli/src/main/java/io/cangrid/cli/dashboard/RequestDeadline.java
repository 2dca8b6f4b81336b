package io.cangrid.cli.dashboard;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a connection whose request, head and body, has not all come within a time of its first byte.
 * Netty's {@code ReadTimeoutHandler} measures the gap between reads, which a client sending a byte now and
 * then never lets run out; this measures the whole request. It sits before the HTTP codec, so the clock
 * starts on the first raw byte, and {@link DashboardHandler} stops it when a whole request (or a refusal of
 * one from its head) comes out of the codec. Not shared: one per connection, used on its event loop only.
 */
final class RequestDeadline extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(RequestDeadline.class);

    private final long millis;
    private ChannelHandlerContext ctx;
    private ScheduledFuture<?> timer;

    RequestDeadline(long millis) {
        this.millis = millis;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (timer == null) {
            timer = ctx.executor().schedule(this::expired, millis, TimeUnit.MILLISECONDS);
        }
        ctx.fireChannelRead(msg);
    }

    /**
     * A whole request has been read: the clock stops until the next byte. Bytes of a next request that came
     * with the end of this one wait without it; the idle timeout still bounds them.
     */
    void stop() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        stop();
        ctx.fireChannelInactive();
    }

    private void expired() {
        timer = null;
        log.debug("dashboard connection from {} closed: its request did not all come within {} ms",
                ctx.channel().remoteAddress(), millis);
        ctx.close();
    }
}
