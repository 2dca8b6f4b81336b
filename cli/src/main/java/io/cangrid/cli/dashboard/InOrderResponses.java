package io.cangrid.cli.dashboard;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * One connection's answers, written in the order its requests came, as HTTP/1.1 pipelining requires:
 * a file is answered at once on the event loop, an API call whenever a worker has the grid's answer, so
 * each request takes a {@link Slot} as it comes and a slot's answer goes out only after every earlier
 * one's. At most {@code max} slots wait: at the bound the connection stops reading until answers go out,
 * and a request beyond it (several in one read) is answered {@code overflow} in turn, ending the connection.
 * Not shared: one per connection; slots are taken and written on its event loop only.
 */
final class InOrderResponses {

    /** Where one request's answer goes. */
    final class Slot {
        private final boolean keepAlive;
        private FullHttpResponse response;

        private Slot(boolean keepAlive) {
            this.keepAlive = keepAlive;
        }

        /** Whether the connection stays open after this answer. */
        boolean keepAlive() {
            return keepAlive;
        }

        /** This slot's answer, from any thread; it goes out after every earlier slot's. */
        void answer(FullHttpResponse r) {
            if (channel.eventLoop().inEventLoop()) {
                fill(this, r);
                return;
            }
            try {
                channel.eventLoop().execute(() -> fill(this, r));
            } catch (RejectedExecutionException e) {
                // The dashboard is closing: its connections go with it, unanswered.
                ReferenceCountUtil.release(r);
            }
        }
    }

    private final Channel channel;
    private final int max;
    private final Supplier<FullHttpResponse> overflow;
    private final ArrayDeque<Slot> waiting = new ArrayDeque<>();
    private boolean ending;

    /** @param overflow the answer to a request beyond {@code max} waiting ones, after which the connection ends */
    InOrderResponses(Channel channel, int max, Supplier<FullHttpResponse> overflow) {
        this.channel = channel;
        this.max = max;
        this.overflow = overflow;
    }

    /**
     * A slot for the next request, or null when it gets none: an earlier request ended the connection, or
     * too many wait (then this one is answered {@code overflow}, the last answer on the connection).
     */
    Slot reserve(boolean keepAlive) {
        if (ending) {
            return null;
        }
        if (waiting.size() >= max) {
            Slot last = take(false);
            last.answer(overflow.get());
            return null;
        }
        Slot s = take(keepAlive);
        if (waiting.size() >= max) {
            channel.config().setAutoRead(false);
        }
        return s;
    }

    /** Whether every request read so far has been answered. */
    boolean isEmpty() {
        return waiting.isEmpty();
    }

    private Slot take(boolean keepAlive) {
        Slot s = new Slot(keepAlive);
        waiting.add(s);
        if (!keepAlive) {
            // Nothing after a request that ends the connection is answered: no use reading it.
            ending = true;
            channel.config().setAutoRead(false);
        }
        return s;
    }

    private void fill(Slot slot, FullHttpResponse r) {
        if (!channel.isOpen()) {
            // The client left: this answer and any that waited for it have nowhere to go.
            ReferenceCountUtil.release(r);
            waiting.remove(slot);
            for (Iterator<Slot> it = waiting.iterator(); it.hasNext();) {
                Slot s = it.next();
                if (s.response != null) {
                    ReferenceCountUtil.release(s.response);
                    it.remove();
                }
            }
            return;
        }
        slot.response = r;
        boolean wrote = false;
        while (!waiting.isEmpty() && waiting.peek().response != null) {
            Slot s = waiting.poll();
            if (!s.keepAlive) {
                channel.writeAndFlush(s.response).addListener(ChannelFutureListener.CLOSE);
                return;
            }
            channel.write(s.response);
            wrote = true;
        }
        if (wrote) {
            channel.flush();
            if (!ending && waiting.size() < max && !channel.config().isAutoRead()) {
                channel.config().setAutoRead(true);
            }
        }
    }
}
