package io.cangrid.live;

import io.cangrid.overlay.Message;
import io.netty.channel.Channel;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.ToLongFunction;

/**
 * One authenticated connection to a node, kept for many questions: the handshake is paid once, and any
 * number of questions may be outstanding at once, each answer matched to its question by the ticket both
 * carry. Made by {@link LiveClient#open}. When the node closes the connection, every question waiting fails
 * with the reason and the session is closed; a caller opens a new one.
 */
public final class ClientSession implements AutoCloseable {

    private final String where;
    private final ToLongFunction<Message> ticketOf;
    private final Map<Long, CompletableFuture<Message>> waiting = new ConcurrentHashMap<>();
    private final LiveClient client;
    private volatile Channel channel;
    private volatile IOException closed;

    ClientSession(LiveClient client, String where, ToLongFunction<Message> ticketOf) {
        this.client = client;
        this.where = where;
        this.ticketOf = ticketOf;
    }

    void opened(Channel ch) {
        this.channel = ch;
    }

    /** An answer from the node: it completes the question of the same ticket; one nobody waits for is dropped. */
    void received(Message message) {
        CompletableFuture<Message> f = waiting.remove(ticketOf.applyAsLong(message));
        if (f != null) {
            f.complete(message);
        }
    }

    void closed(IOException why) {
        closed = why;
        waiting.values().forEach(f -> f.completeExceptionally(why));
        waiting.clear();
    }

    public boolean isOpen() {
        Channel ch = channel;
        return closed == null && ch != null && ch.isActive();
    }

    /**
     * The node's answer to {@code question}, which carries {@code ticket}.
     *
     * @throws IOException when the session is closed, closes meanwhile, or no answer comes in time
     */
    public Message ask(Message question, long ticket, Duration timeout) throws IOException {
        EncodedMessage encoded = client.encodeChecked(question);
        CompletableFuture<Message> answer = new CompletableFuture<>();
        if (waiting.putIfAbsent(ticket, answer) != null) {
            throw new IllegalArgumentException("ticket " + ticket + " is already waiting for an answer");
        }
        IOException gone = closed;
        Channel ch = channel;
        if (gone != null || ch == null) {
            waiting.remove(ticket);
            throw gone != null ? gone : new IOException(where + ": the session is not open");
        }
        ch.writeAndFlush(encoded);
        try {
            return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException("no answer from " + where + " within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted waiting for " + where);
        } finally {
            waiting.remove(ticket);
        }
    }

    @Override
    public void close() {
        Channel ch = channel;
        if (ch != null) {
            ch.close();
        }
        closed(new IOException(where + ": the session was closed"));
    }
}
