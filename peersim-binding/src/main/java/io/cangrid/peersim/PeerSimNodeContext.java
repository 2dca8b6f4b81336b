package io.cangrid.peersim;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Timer;
import io.cangrid.simulator.runtime.HostedNode;
import io.cangrid.overlay.runtime.ActionTimer;
import java.util.random.RandomGenerator;
import peersim.core.CommonState;
import peersim.core.Node;
import peersim.edsim.EDSimulator;

/** One PeerSim node's environment: PeerSim's clock, timers as PeerSim events, its own seeded random. */
final class PeerSimNodeContext implements NodeContext {

    private final PeerSimRuntime runtime;
    private final Node node;
    private final HostedNode hosted;
    private final RandomGenerator random;

    PeerSimNodeContext(PeerSimRuntime runtime, Node node, HostedNode hosted, RandomGenerator random) {
        this.runtime = runtime;
        this.node = node;
        this.hosted = hosted;
        this.random = random;
    }

    @Override
    public NodeId self() {
        return hosted.id();
    }

    @Override
    public long now() {
        return CommonState.getTime();
    }

    @Override
    public Timer schedule(long delayMillis, Runnable action) {
        if (delayMillis < 0) {
            throw new IllegalArgumentException("timer delay must be >= 0, was " + delayMillis);
        }
        ActionTimer timer = new ActionTimer(action);
        EDSimulator.add(delayMillis, timer, node, runtime.pid());
        return timer;
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public void send(NodeId to, Message message) {
        runtime.send(node, hosted.id(), to, message);
    }

    @Override
    public void post(Runnable action) {
        schedule(0, action);
    }

    @Override
    public void exit() {
        hosted.exitRequested();
    }
}
