package io.cangrid.cli;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Many idle TCP connections to one address, opened from one thread without blocking: at most
 * {@link #CONNECTING_AT_ONCE} connects in flight, each given {@link #CONNECT_MILLIS}, the whole bounded in
 * time and in how many are held at once (this JVM's own file limit). A connection the server closes is
 * closed here too, so that this side holds what the server holds; the others stay open and silent until
 * {@link #close}, which closes every socket.
 */
final class IdleConnectionFlood implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(IdleConnectionFlood.class);

    static final int CONNECTING_AT_ONCE = 256;
    static final long CONNECT_MILLIS = 3_000;

    /** What became of the connections so far. */
    record Counts(int attempted, int established, int closedByServer, int timedOut, int failed, int held,
            long bytesReceived, String firstFailure) {
    }

    /** A connect in flight, in the order started, so that the oldest is the first to time out. */
    private static final class Connecting {
        final SocketChannel channel;
        final long deadline;
        boolean done;

        Connecting(SocketChannel channel, long deadline) {
            this.channel = channel;
            this.deadline = deadline;
        }
    }

    private final InetSocketAddress to;
    private final Selector selector;
    private final ArrayDeque<Connecting> connecting = new ArrayDeque<>();
    private final ByteBuffer sink = ByteBuffer.allocate(1024);
    private int inFlight;
    private int attempted;
    private int established;
    private int closedByServer;
    private int timedOut;
    private int failed;
    private int held;
    private long bytesReceived;
    private String firstFailure;

    private IdleConnectionFlood(InetSocketAddress to) throws IOException {
        this.to = to;
        this.selector = Selector.open();
    }

    /**
     * Opens {@code count} connections to {@code to}, holding at most {@code maxHeld} at once, for at most
     * {@code within}; connects still in flight then are abandoned (closed and counted as timed out).
     */
    static IdleConnectionFlood open(InetSocketAddress to, int count, int maxHeld, Duration within) throws IOException {
        IdleConnectionFlood f = new IdleConnectionFlood(to);
        try {
            f.fill(count, maxHeld, System.nanoTime() + within.toNanos());
        } catch (IOException | RuntimeException e) {
            f.close();
            throw e;
        }
        return f;
    }

    private void fill(int count, int maxHeld, long end) throws IOException {
        boolean canOpen = true;
        while (System.nanoTime() < end && ((canOpen && attempted < count) || inFlight > 0)) {
            while (canOpen && attempted < count && inFlight < CONNECTING_AT_ONCE && held < maxHeld) {
                canOpen = start();
            }
            selector.select(20);
            handle();
            expire(System.nanoTime());
        }
        expire(Long.MAX_VALUE);
    }

    /** Starts one connect; false when this JVM cannot open another socket. */
    private boolean start() {
        SocketChannel ch;
        try {
            ch = SocketChannel.open();
        } catch (IOException e) {
            failure(e);
            return false;
        }
        attempted++;
        held++;
        try {
            ch.configureBlocking(false);
            if (ch.connect(to)) {
                established++;
                ch.register(selector, SelectionKey.OP_READ);
            } else {
                Connecting c = new Connecting(ch, System.nanoTime() + CONNECT_MILLIS * 1_000_000);
                ch.register(selector, SelectionKey.OP_CONNECT, c);
                connecting.add(c);
                inFlight++;
            }
        } catch (IOException e) {
            failure(e);
            drop(ch);
        }
        return true;
    }

    private void handle() {
        Iterator<SelectionKey> it = selector.selectedKeys().iterator();
        while (it.hasNext()) {
            SelectionKey key = it.next();
            it.remove();
            if (!key.isValid()) {
                continue;
            }
            SocketChannel ch = (SocketChannel) key.channel();
            if (key.isConnectable()) {
                connected(key, ch);
            } else if (key.isReadable()) {
                read(ch);
            }
        }
    }

    private void connected(SelectionKey key, SocketChannel ch) {
        Connecting c = (Connecting) key.attachment();
        c.done = true;
        inFlight--;
        try {
            if (ch.finishConnect()) {
                established++;
                key.interestOps(SelectionKey.OP_READ);
            }
        } catch (ConnectException e) {
            failure(e);
            drop(ch);
        } catch (IOException e) {
            // Reset before this side saw the connect finish: the server took it and closed it at once.
            closedByServer++;
            drop(ch);
        }
    }

    private void read(SocketChannel ch) {
        sink.clear();
        int n;
        try {
            n = ch.read(sink);
        } catch (IOException e) {
            n = -1; // a reset: closed by the server as surely as an end of stream
        }
        if (n >= 0) {
            bytesReceived += n;
            return;
        }
        closedByServer++;
        drop(ch);
    }

    private void expire(long now) {
        while (!connecting.isEmpty() && (connecting.peek().done || connecting.peek().deadline <= now)) {
            Connecting c = connecting.poll();
            if (!c.done) {
                c.done = true;
                inFlight--;
                timedOut++;
                drop(c.channel);
            }
        }
    }

    /** Goes on closing, for {@code time}, the connections the server closes. */
    void settle(Duration time) throws IOException {
        long end = System.nanoTime() + time.toNanos();
        long left;
        while ((left = (end - System.nanoTime()) / 1_000_000) > 0) {
            selector.select(left);
            handle();
        }
    }

    Counts counts() {
        return new Counts(attempted, established, closedByServer, timedOut, failed, held, bytesReceived, firstFailure);
    }

    private void failure(IOException e) {
        failed++;
        if (firstFailure == null) {
            firstFailure = e.toString();
        }
    }

    private void drop(SocketChannel ch) {
        held--;
        closeQuietly(ch);
    }

    private static void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // The socket is released all the same; the reason is worth a line when a run goes wrong.
            log.debug("closing {}: {}", ch, e.toString());
        }
    }

    /** Closes every socket still open, and the selector. */
    @Override
    public void close() throws IOException {
        List<SocketChannel> open = new ArrayList<>();
        for (SelectionKey key : selector.keys()) {
            open.add((SocketChannel) key.channel());
        }
        for (SocketChannel ch : open) {
            if (ch.isOpen()) {
                held--;
                closeQuietly(ch);
            }
        }
        selector.close();
    }
}
