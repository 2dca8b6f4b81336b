package io.cangrid.overlay.sim;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Timer;
import io.cangrid.overlay.runtime.ActionTimer;
import java.util.random.RandomGenerator;

/**
 * One simulated node: its identity, its program, its liveness, and its environment. It is its own
 * {@link NodeContext} and its own random source, so a node costs one small object besides its id and
 * its program — which is what lets a million of them share one JVM.
 */
final class SimNode extends SplitMix64 implements NodeContext {

    static final byte STARTING = 0;
    static final byte ALIVE = 1;
    static final byte EXITING = 2;
    static final byte DEAD = 3;

    final int index;
    final NodeId id;
    final Simulation sim;
    NodeProgram program;
    byte state = STARTING;

    SimNode(Simulation sim, int index, long seed) {
        super(seed);
        this.sim = sim;
        this.index = index;
        this.id = NodeId.of(index);
    }

    boolean isAlive() {
        return state == ALIVE || state == STARTING || state == EXITING;
    }

    @Override
    public NodeId self() {
        return id;
    }

    @Override
    public long now() {
        return sim.now();
    }

    @Override
    public Timer schedule(long delayMillis, Runnable action) {
        if (delayMillis < 0) {
            throw new IllegalArgumentException("timer delay must be >= 0, was " + delayMillis);
        }
        ActionTimer t = new ActionTimer(action);
        sim.enqueue(sim.now() + delayMillis, index, -1, t);
        return t;
    }

    @Override
    public void post(Runnable action) {
        schedule(0, action);
    }

    @Override
    public RandomGenerator random() {
        return this;
    }

    @Override
    public void send(NodeId to, Message message) {
        sim.send(this, to, message);
    }

    @Override
    public void exit() {
        if (state != DEAD) {
            state = EXITING;
        }
    }
}
