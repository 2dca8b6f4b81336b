package io.cangrid.hygra.tick;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Timer;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * Runs node programs in discrete ticks, as the HYGRA paper's simulator does, on the same protocol code
 * the event simulation runs. Time is the tick ({@link #TICK_MILLIS} per tick). Messages that "travel"
 * (requests moving between nodes) wait for the next {@link #requestPhase()}, so a request makes one move
 * per tick; every other message (status, links, state notices) is delivered within the phase that sent
 * it, in sending order, until none is left, so one node's overlay step completes inside its turn.
 * Timers fire in {@link #completionPhase()} once their time has come.
 */
public final class TickRuntime {

    public static final long TICK_MILLIS = 1_000;

    private final long seed;
    private final Predicate<Message> travels;
    private final Map<NodeId, NodeProgram> programs = new LinkedHashMap<>();
    private Deque<Delivery> travelling = new ArrayDeque<>();
    private final Deque<Delivery> immediate = new ArrayDeque<>();
    private final PriorityQueue<TickTimer> timers =
            new PriorityQueue<>(Comparator.comparingLong((TickTimer t) -> t.due).thenComparingLong(t -> t.sequence));
    private long tick;
    private long timerSequence;
    private long delivered;

    public TickRuntime(long seed, Predicate<Message> travels) {
        this.seed = seed;
        this.travels = travels;
    }

    /** Creates a node's program on its own context and starts it (delivering what starting sends). */
    public <P extends NodeProgram> P add(NodeId id, Function<NodeContext, P> factory) {
        if (programs.containsKey(id)) {
            throw new IllegalArgumentException("node " + id + " already runs here");
        }
        P program = factory.apply(new TickContext(id));
        programs.put(id, program);
        program.start();
        drain();
        return program;
    }

    public long tick() {
        return tick;
    }

    public long now() {
        return tick * TICK_MILLIS;
    }

    public long deliveredMessages() {
        return delivered;
    }

    /** Runs {@code action} (a node's step) and delivers everything it sets off, except travelling messages. */
    public void step(Runnable action) {
        action.run();
        drain();
    }

    /** One move of every request that was travelling when the phase began. */
    public void requestPhase() {
        Deque<Delivery> batch = travelling;
        travelling = new ArrayDeque<>();
        for (Delivery d : batch) {
            deliver(d);
            drain();
        }
    }

    /**
     * Rounds of {@link #requestPhase()} until no request travels any more: each request still makes one
     * move per round, so requests of one phase interleave and compete as they would in one tick, but
     * every search ends within the phase. Requests are bounded by their hop limit, so this ends.
     */
    public void requestPhaseUntilSettled() {
        while (!travelling.isEmpty()) {
            requestPhase();
        }
    }

    public int travellingCount() {
        return travelling.size();
    }

    /** Fires every timer due by now (job completions, timeouts). */
    public void completionPhase() {
        while (!timers.isEmpty() && timers.peek().due <= now()) {
            TickTimer timer = timers.poll();
            if (!timer.cancelled) {
                timer.action.run();
                drain();
            }
        }
    }

    public void advance() {
        tick++;
    }

    private void drain() {
        while (!immediate.isEmpty()) {
            deliver(immediate.poll());
        }
    }

    private void deliver(Delivery d) {
        NodeProgram program = programs.get(d.to);
        if (program != null) {
            delivered++;
            program.receive(d.from, d.message);
        }
    }

    private record Delivery(NodeId from, NodeId to, Message message) {
    }

    private static final class TickTimer implements Timer {
        final long due;
        final long sequence;
        final Runnable action;
        boolean cancelled;

        TickTimer(long due, long sequence, Runnable action) {
            this.due = due;
            this.sequence = sequence;
            this.action = action;
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }
    }

    private final class TickContext implements NodeContext {
        private final NodeId self;
        private final RandomGenerator random;

        TickContext(NodeId self) {
            this.self = self;
            this.random = new SplitMix64(SplitMix64.derive(seed, self.value()));
        }

        @Override
        public NodeId self() {
            return self;
        }

        @Override
        public long now() {
            return TickRuntime.this.now();
        }

        @Override
        public Timer schedule(long delayMillis, Runnable action) {
            TickTimer timer = new TickTimer(now() + Math.max(0, delayMillis), timerSequence++, action);
            timers.add(timer);
            return timer;
        }

        @Override
        public void post(Runnable action) {
            // Single-threaded like the event simulation: a post runs with the timers of the current time.
            schedule(0, action);
        }

        @Override
        public RandomGenerator random() {
            return random;
        }

        @Override
        public void send(NodeId to, Message message) {
            Delivery d = new Delivery(self, to, message);
            if (travels.test(message)) {
                travelling.add(d);
            } else {
                immediate.add(d);
            }
        }

        @Override
        public void exit() {
            programs.remove(self);
        }
    }
}
