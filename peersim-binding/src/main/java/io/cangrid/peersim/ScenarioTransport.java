package io.cangrid.peersim;

import io.cangrid.simulator.runtime.NetworkModel;
import peersim.core.Node;
import peersim.edsim.EDSimulator;
import peersim.transport.Transport;

/**
 * A PeerSim transport with the scenario's network: each message is delayed by the scenario's latency
 * model, or lost with the configured probability ({@code protocol.transport.loss}, default 0), drawn
 * from one stream of the scenario's seed. It keeps no per-node state, so every node shares one instance.
 */
public final class ScenarioTransport implements Transport {

    /** The configuration key of the loss probability, under the transport's prefix. */
    static final String PAR_LOSS = "loss";

    public ScenarioTransport(String prefix) {
        // The loss is read by the initialiser, which builds each run's network.
    }

    @Override
    public void send(Node src, Node dest, Object msg, int pid) {
        long delay = PeerSimSession.network().delayMillis();
        if (delay != NetworkModel.LOST) {
            EDSimulator.add(delay, msg, dest, pid);
        }
    }

    /** A sample of the scenario's latency (for PeerSim components that ask; cangrid's own never do). */
    @Override
    public long getLatency(Node src, Node dest) {
        return PeerSimSession.network().latencySampleMillis();
    }

    @Override
    public Object clone() {
        return this;
    }
}
