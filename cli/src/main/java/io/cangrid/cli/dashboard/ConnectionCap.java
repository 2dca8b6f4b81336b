package io.cangrid.cli.dashboard;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At most so many dashboard connections open at once. One more is still accepted, so that the kernel's
 * accept queue never backs up behind a full dashboard, and reset at once: a reset leaves no TIME_WAIT
 * behind on the node's side, and the client learns at once that it was turned away. Refusals are counted
 * and logged in one line per {@link #LOG_EVERY_SECONDS} at most, so a flood cannot fill the node's log.
 */
final class ConnectionCap {

    private static final Logger log = LoggerFactory.getLogger(ConnectionCap.class);
    static final long LOG_EVERY_SECONDS = 10;

    private final int max;
    private final long idleSeconds;
    private final AtomicInteger open = new AtomicInteger();
    private final LongAdder refused = new LongAdder();
    private final AtomicLong unlogged = new AtomicLong();
    private final AtomicLong nextLogNanos = new AtomicLong(System.nanoTime());

    /** @param idleMillis the idle timeout, named in the log line as what frees a place */
    ConnectionCap(int max, long idleMillis) {
        this.max = max;
        this.idleSeconds = TimeUnit.MILLISECONDS.toSeconds(idleMillis);
    }

    /** Whether {@code ch}, just accepted, may stay; if not, it is reset and counted. */
    boolean admit(Channel ch) {
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            refuse(ch);
            return false;
        }
        ch.closeFuture().addListener(f -> open.decrementAndGet());
        return true;
    }

    /** Connections refused since the dashboard started. */
    long refused() {
        return refused.sum();
    }

    private void refuse(Channel ch) {
        refused.increment();
        unlogged.incrementAndGet();
        ch.config().setOption(ChannelOption.SO_LINGER, 0);
        ch.close();
        long now = System.nanoTime();
        long next = nextLogNanos.get();
        if (now - next >= 0 && nextLogNanos.compareAndSet(next, now + TimeUnit.SECONDS.toNanos(LOG_EVERY_SECONDS))) {
            log.warn("dashboard refused {} connection(s), the latest from {}: {} are open, the most it takes at"
                    + " once. Some client holds connections without using them (each is closed after {} s idle);"
                    + " the node serves on. (At most one such line every {} s.)", unlogged.getAndSet(0),
                    ch.remoteAddress(), max, idleSeconds, LOG_EVERY_SECONDS);
        }
    }
}
