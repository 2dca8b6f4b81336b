package io.cangrid.overlay.contract;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Timer;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * A node program that does what the contract suite tells it and records, for every callback the runtime
 * makes (start, each message, each timer and posted action the suite set up, leave), the thread it ran on,
 * the node's {@code self()} and {@code now()} as the callback saw them, and whether another callback of the
 * node was running at the same moment. Everything it records may be read from any thread.
 */
public final class ProbeProgram implements NodeProgram {

    /** A message as it arrived: who sent it, and the receiver's clock then. */
    public record Arrival(NodeId from, Message message, long now) {
    }

    private final NodeContext ctx;
    private final Queue<Arrival> arrivals = new ConcurrentLinkedQueue<>();
    private final Queue<Long> clock = new ConcurrentLinkedQueue<>();
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final Set<NodeId> selves = ConcurrentHashMap.newKeySet();
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger overlaps = new AtomicInteger();
    private final AtomicInteger callbacks = new AtomicInteger();
    private volatile boolean started;
    private volatile BiConsumer<NodeId, Message> onReceive = (from, message) -> { };
    private volatile Runnable onLeave;
    private volatile long holdNanos;

    public ProbeProgram(NodeContext ctx) {
        this.ctx = ctx;
    }

    // ---- what the suite sets up ----------------------------------------------------------------------

    public NodeContext context() {
        return ctx;
    }

    /** What to do with each message, after it is recorded; runs inside the delivery callback. */
    public void onReceive(BiConsumer<NodeId, Message> handler) {
        this.onReceive = handler;
    }

    /** What {@code leave()} does; by default the program exits at once. */
    public void onLeave(Runnable action) {
        this.onLeave = action;
    }

    /** Makes every callback last at least this long, so that two overlapping ones would be seen. */
    public void holdEachCallback(long nanos) {
        this.holdNanos = nanos;
    }

    /** Runs {@code body} as a posted action of this node; callable from any thread the runtime accepts. */
    public void post(Runnable body) {
        ctx.post(() -> callback(body));
    }

    /** Schedules {@code body} as a timer of this node; call it on the node's thread (inside a callback). */
    public Timer schedule(long delayMillis, Runnable body) {
        return ctx.schedule(delayMillis, () -> callback(body));
    }

    // ---- NodeProgram ---------------------------------------------------------------------------------

    @Override
    public void start() {
        callback(() -> started = true);
    }

    @Override
    public void receive(NodeId from, Message message) {
        callback(() -> {
            arrivals.add(new Arrival(from, message, ctx.now()));
            onReceive.accept(from, message);
        });
    }

    @Override
    public void leave() {
        callback(() -> {
            Runnable action = onLeave;
            if (action != null) {
                action.run();
            } else {
                ctx.exit();
            }
        });
    }

    private void callback(Runnable body) {
        if (inside.incrementAndGet() != 1) {
            overlaps.incrementAndGet();
        }
        try {
            threads.add(Thread.currentThread());
            selves.add(ctx.self());
            clock.add(ctx.now());
            callbacks.incrementAndGet();
            body.run();
            long hold = holdNanos;
            if (hold > 0) {
                long until = System.nanoTime() + hold;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
            clock.add(ctx.now());
        } finally {
            inside.decrementAndGet();
        }
    }

    // ---- what the suite reads ------------------------------------------------------------------------

    public boolean started() {
        return started;
    }

    public List<Arrival> arrivals() {
        return List.copyOf(arrivals);
    }

    /** Arrivals of {@link ContractMessages.Note}s of {@code batch}. */
    public List<Arrival> notes(long batch) {
        return arrivals.stream().filter(a -> a.message() instanceof ContractMessages.Note n && n.batch() == batch)
                .toList();
    }

    /** {@code now()} read at the start and at the end of every callback, in the order the callbacks ran. */
    public List<Long> clock() {
        return List.copyOf(clock);
    }

    public Set<Thread> threads() {
        return Set.copyOf(threads);
    }

    /** Every value {@code self()} returned inside a callback. */
    public Set<NodeId> selves() {
        return Set.copyOf(selves);
    }

    /** Callbacks that began while another callback of this node was running. */
    public int overlaps() {
        return overlaps.get();
    }

    public int callbacks() {
        return callbacks.get();
    }
}
