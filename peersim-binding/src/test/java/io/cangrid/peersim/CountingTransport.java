package io.cangrid.peersim;

import io.cangrid.simulator.runtime.NetworkModel;
import peersim.core.Node;
import peersim.edsim.EDSimulator;
import peersim.transport.Transport;

/**
 * {@link ScenarioTransport}'s carriage (the run's {@link NetworkModel} from {@link PeerSimSession} delays each
 * message or loses it) that also counts the messages it lost, which that transport does not tell.
 */
public final class CountingTransport implements Transport {

    private static long lost;

    public CountingTransport(String prefix) {
        // No parameters: the network is the session's.
    }

    static long lost() {
        return lost;
    }

    @Override
    public void send(Node src, Node dest, Object msg, int pid) {
        long delay = PeerSimSession.network().delayMillis();
        if (delay == NetworkModel.LOST) {
            lost++;
        } else {
            EDSimulator.add(delay, msg, dest, pid);
        }
    }

    @Override
    public long getLatency(Node src, Node dest) {
        return PeerSimSession.network().latencySampleMillis();
    }

    @Override
    public Object clone() {
        return this;
    }
}
