package io.cangrid.load;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Timer;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A node environment driven by hand: the clock stands still unless a test moves it, timers never fire,
 * and sent messages are only recorded, so a test can feed one node exactly the neighbourhood it wants.
 */
public final class ManualContext implements NodeContext {

    public record Sent(NodeId to, Message message) {
    }

    private final NodeId self;
    private final RandomGenerator random = new SplitMix64(1);
    public final List<Sent> sent = new ArrayList<>();
    public long now;

    ManualContext(NodeId self) {
        this.self = self;
    }

    @Override
    public NodeId self() {
        return self;
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public void post(Runnable action) {
        schedule(0, action);
    }

    @Override
    public Timer schedule(long delayMillis, Runnable action) {
        return new Timer() {
            private boolean cancelled;

            @Override
            public void cancel() {
                cancelled = true;
            }

            @Override
            public boolean isCancelled() {
                return cancelled;
            }
        };
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public void send(NodeId to, Message message) {
        sent.add(new Sent(to, message));
    }

    @Override
    public void exit() {
    }
}
