package io.cangrid.peersim;

import io.cangrid.simulator.runtime.HostedNode;
import peersim.core.Node;
import peersim.edsim.EDProtocol;

/**
 * The PeerSim protocol that hosts one cangrid node program on each PeerSim node. PeerSim makes every
 * node's instance by cloning the prototype, so {@link #clone()} gives a fresh, empty instance: the node's
 * program and life cycle are attached when the runtime adds the node. Events go to the runtime of the run
 * in progress, which knows what each one is.
 *
 * <p>Configuration: {@code protocol.grid io.cangrid.peersim.GridProtocol} with
 * {@code protocol.grid.transport} naming a {@link ScenarioTransport}.
 */
public final class GridProtocol implements EDProtocol {

    private HostedNode hosted;

    /** PeerSim's constructor; the protocol has no parameters of its own besides its transport. */
    public GridProtocol(String prefix) {
        // Nothing to read: the transport link is PeerSim's own (FastConfig).
    }

    private GridProtocol() {
    }

    void attach(HostedNode node) {
        this.hosted = node;
    }

    HostedNode hosted() {
        return hosted;
    }

    @Override
    public void processEvent(Node node, int pid, Object event) {
        PeerSimSession.runtime().dispatch(node, this, event);
    }

    @Override
    public Object clone() {
        return new GridProtocol();
    }
}
