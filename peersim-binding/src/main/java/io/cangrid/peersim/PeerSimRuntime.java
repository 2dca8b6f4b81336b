package io.cangrid.peersim;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.sim.SplitMix64;
import io.cangrid.overlay.runtime.GridRuntime;
import io.cangrid.simulator.runtime.HostedNode;
import io.cangrid.overlay.runtime.ActionTimer;
import java.util.HashMap;
import java.util.Map;
import peersim.config.FastConfig;
import peersim.core.CommonState;
import peersim.core.Fallible;
import peersim.core.Network;
import peersim.core.Node;
import peersim.edsim.EDSimulator;
import peersim.transport.Transport;

/**
 * PeerSim as the runtime of one run: nodes are PeerSim nodes (cloned from the prototype and added to the
 * {@link Network}), known by PeerSim's node id rather than their index, since {@link Network#remove}
 * moves the last node into the removed one's place; timers and driver actions are PeerSim events; messages
 * go through the node's {@link Transport}. A node that crashes or finishes leaving is removed from the
 * network and marked dead, and PeerSim drops whatever was still on its way to it.
 *
 * <p>Driver actions are events of a node that is not in the network, which PeerSim processes like any
 * other: it owns no zone and no controls see it.
 */
final class PeerSimRuntime implements GridRuntime {

    private final int pid;
    private final long seed;
    private final Node driver;
    private final Map<Long, Node> nodes = new HashMap<>();
    private long sent;
    private long events;
    private long added;

    PeerSimRuntime(int pid, long seed) {
        this.pid = pid;
        this.seed = seed;
        this.driver = (Node) Network.prototype.clone();
    }

    @Override
    public long now() {
        return CommonState.getTime();
    }

    @Override
    public NodeId addNode(NodeProgramFactory factory) {
        Node node = (Node) Network.prototype.clone();
        Network.add(node);
        NodeId id = NodeId.of(node.getID());
        HostedNode hosted = new HostedNode(id);
        protocolOf(node).attach(hosted);
        nodes.put(id.value(), node);
        // Each node's random stream is the one the deterministic simulation gives the node added in the same
        // place, so that both runtimes draw the same virtual coordinates and choices from one seed.
        PeerSimNodeContext ctx = new PeerSimNodeContext(this, node, hosted,
                new SplitMix64(SplitMix64.derive(seed, added++)));
        hosted.install(factory.create(ctx));
        EDSimulator.add(0, NodeSignal.START, node, pid);
        return id;
    }

    @Override
    public void crash(NodeId id) {
        Node node = node(id);
        protocolOf(node).hosted().kill();
        leaveNetwork(node);
    }

    @Override
    public void requestLeave(NodeId id) {
        EDSimulator.add(0, NodeSignal.LEAVE, node(id), pid);
    }

    @Override
    public boolean isAlive(NodeId id) {
        Node node = nodes.get(id.value());
        return node != null && protocolOf(node).hosted().isAlive();
    }

    @Override
    public <T extends NodeProgram> T program(NodeId id, Class<T> type) {
        return type.cast(protocolOf(node(id)).hosted().program());
    }

    @Override
    public void at(long timeMillis, Runnable action) {
        long now = now();
        if (timeMillis < now) {
            throw new IllegalArgumentException("cannot schedule at " + timeMillis + " ms, before now (" + now + " ms)");
        }
        EDSimulator.add(timeMillis - now, new DriverAction(action), driver, pid);
    }

    @Override
    public long messagesSent() {
        return sent;
    }

    @Override
    public long eventsProcessed() {
        return events;
    }

    int pid() {
        return pid;
    }

    /** Every event of this run's protocol instances comes here, on PeerSim's thread. */
    void dispatch(Node node, GridProtocol protocol, Object event) {
        events++;
        if (node == driver) {
            ((DriverAction) event).action().run();
            return;
        }
        HostedNode hosted = protocol.hosted();
        long now = now();
        if (event instanceof ActionTimer timer) {
            hosted.fire(timer, now);
        } else if (event instanceof Envelope envelope) {
            hosted.deliver(envelope.from(), envelope.message(), now);
        } else if (event == NodeSignal.START) {
            hosted.start(now);
        } else if (event == NodeSignal.LEAVE) {
            hosted.leave(now);
        } else {
            throw new IllegalArgumentException("node " + hosted.id() + " got an event it does not know: " + event);
        }
        if (hosted.stopsAfterEvent()) {
            leaveNetwork(node);
        }
    }

    /** Sends through the sender's transport; a message to a node this run never had is lost. */
    void send(Node from, NodeId fromId, NodeId to, Message message) {
        sent++;
        Node dest = nodes.get(to.value());
        if (dest == null) {
            return;
        }
        Transport transport = (Transport) from.getProtocol(FastConfig.getTransport(pid));
        transport.send(from, dest, new Envelope(fromId, message), pid);
    }

    private void leaveNetwork(Node node) {
        int index = node.getIndex();
        if (index >= 0 && index < Network.size() && Network.get(index) == node) {
            Network.remove(index);
        }
        if (node.getFailState() != Fallible.DEAD) {
            node.setFailState(Fallible.DEAD);
        }
    }

    private GridProtocol protocolOf(Node node) {
        return (GridProtocol) node.getProtocol(pid);
    }

    private Node node(NodeId id) {
        Node node = nodes.get(id.value());
        if (node == null) {
            throw new IllegalArgumentException("no PeerSim node " + id + " in this run");
        }
        return node;
    }
}
