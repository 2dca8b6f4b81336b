package io.cangrid.jobs.exec;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Timer;
import java.util.SplittableRandom;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;

/** A node context whose posted actions wait in a queue until the test runs them on its own thread. */
final class PostingContext implements NodeContext {

    private final LinkedBlockingQueue<Runnable> posted = new LinkedBlockingQueue<>();
    private final NodeId self = NodeId.of(7);

    /** Runs the next posted action, waiting at most {@code seconds}; false when none came. */
    boolean runNext(long seconds) throws InterruptedException {
        Runnable r = posted.poll(seconds, TimeUnit.SECONDS);
        if (r == null) {
            return false;
        }
        r.run();
        return true;
    }

    @Override
    public NodeId self() {
        return self;
    }

    @Override
    public long now() {
        return System.currentTimeMillis();
    }

    @Override
    public Timer schedule(long delayMillis, Runnable action) {
        throw new UnsupportedOperationException("process runs do not use timers of the node");
    }

    @Override
    public RandomGenerator random() {
        return new SplittableRandom(1);
    }

    @Override
    public void send(NodeId to, Message message) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void post(Runnable action) {
        posted.add(action);
    }

    @Override
    public void exit() {
    }
}
