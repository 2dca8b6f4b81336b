package io.cangrid.live;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.netty.channel.EventLoop;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's fault layer: between its program and its connections, it delays, drops or cuts what the node
 * sends as its {@link LinkFaults} say, and reads those again from a file while the node runs, so a test
 * can change a link's faults as its scenario goes on. Everything here runs on the node's thread.
 */
final class FaultLayer {

    private static final Logger log = LoggerFactory.getLogger(FaultLayer.class);
    /** How often the faults file is looked at again. */
    static final long POLL_MILLIS = 500;

    private final EventLoop loop;
    private final String self;
    private final BiConsumer<NodeId, Message> send;
    private final BooleanSupplier running;
    private final SplittableRandom random = new SplittableRandom(new SecureRandom().nextLong());
    /** Peer id → the messages held for it, in the order they were sent; absent when none is. */
    private final Map<Long, ArrayDeque<Held>> held = new HashMap<>();
    private final LongAdder dropped = new LongAdder();
    private volatile LinkFaults faults = LinkFaults.NONE;
    private FileTime seen;

    private record Held(NodeId to, Message message, long due) {
    }

    FaultLayer(EventLoop loop, String self, BiConsumer<NodeId, Message> send, BooleanSupplier running) {
        this.loop = loop;
        this.self = self;
        this.send = send;
        this.running = running;
    }

    LinkFaults faults() {
        return faults;
    }

    void set(LinkFaults f) {
        if (!f.equals(faults)) {
            log.info("{}: link faults now: {}", self, f);
        }
        faults = f;
    }

    long dropped() {
        return dropped.sum();
    }

    void send(NodeId to, Message m) {
        LinkFaults f = faults;
        if (f.none() || !to.hasAddress()) {
            // A peer without an address is a client on the connection it opened: the faults are of the links
            // between nodes, and a client's view of the grid stays what the grid did.
            send.accept(to, m);
            return;
        }
        if (f.cutTo().contains(to.host())) {
            dropped.increment();
            return;
        }
        if (f.loss() > 0 && random.nextDouble() < f.loss()) {
            dropped.increment();
            return;
        }
        if (f.delayMillis() == 0) {
            send.accept(to, m);
            return;
        }
        long now = System.currentTimeMillis();
        long jitter = f.jitterMillis() == 0 ? 0 : random.nextLong(-f.jitterMillis(), f.jitterMillis() + 1);
        ArrayDeque<Held> queue = held.computeIfAbsent(to.value(), k -> new ArrayDeque<>());
        // A message is never due before the one sent to the same peer ahead of it: TCP does not reorder.
        long due = Math.max(now + f.delayMillis() + jitter, queue.isEmpty() ? 0 : queue.peekLast().due());
        queue.addLast(new Held(to, m, due));
        if (queue.size() == 1) {
            loop.schedule(() -> release(to.value()), due - now, TimeUnit.MILLISECONDS);
        }
    }

    /** Sends what is due to one peer, in the order it was sent, and waits again for the rest. */
    private void release(long peer) {
        ArrayDeque<Held> queue = held.get(peer);
        if (queue == null) {
            return;
        }
        long now = System.currentTimeMillis();
        while (!queue.isEmpty() && queue.peekFirst().due() <= now) {
            Held h = queue.pollFirst();
            if (running.getAsBoolean()) {
                send.accept(h.to(), h.message());
            }
        }
        if (queue.isEmpty()) {
            held.remove(peer);
        } else {
            loop.schedule(() -> release(peer), queue.peekFirst().due() - now, TimeUnit.MILLISECONDS);
        }
    }

    /** Reads {@code file} now and every {@link #POLL_MILLIS} until the node stops. */
    void watch(Path file) {
        reload(file);
        if (running.getAsBoolean()) {
            loop.schedule(() -> watch(file), POLL_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    /** A file that is absent means no faults; one that cannot be read keeps the faults last read. */
    void reload(Path file) {
        try {
            FileTime t = Files.getLastModifiedTime(file);
            if (t.equals(seen)) {
                return;
            }
            seen = t;
            set(LinkFaults.parse(Files.readString(file, StandardCharsets.UTF_8)));
        } catch (NoSuchFileException e) {
            seen = null;
            set(LinkFaults.NONE);
        } catch (IOException | IllegalArgumentException e) {
            log.warn("{}: link faults file {}: {}; the faults stay {}", self, file, e.getMessage(), faults);
        }
    }
}
