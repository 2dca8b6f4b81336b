package io.cangrid.can.inspect;

import io.cangrid.overlay.PeersRequest;
import io.cangrid.can.CanNode;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import java.util.function.IntSupplier;

/**
 * A node program that also answers an operator's {@link PeersRequest} about its CAN state; everything
 * else goes to the program it wraps. The answer is built on the node's thread like any other event.
 */
public final class InspectableNode implements NodeProgram {

    private final NodeContext ctx;
    private final NodeProgram inner;
    private final CanNode can;
    private final IntSupplier queueLength;

    public InspectableNode(NodeContext ctx, NodeProgram inner, CanNode can, IntSupplier queueLength) {
        this.ctx = ctx;
        this.inner = inner;
        this.can = can;
        this.queueLength = queueLength;
    }

    public NodeProgram inner() {
        return inner;
    }

    public CanNode can() {
        return can;
    }

    /** This node's answer to a {@link PeersRequest}. */
    public PeersReply reply(long requestId) {
        return new PeersReply(requestId, NodeReport.of(can), can.phase().name(), can.capabilities(),
                queueLength.getAsInt());
    }

    @Override
    public void start() {
        inner.start();
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (message instanceof PeersRequest q) {
            ctx.send(from, reply(q.requestId()));
        } else {
            inner.receive(from, message);
        }
    }

    @Override
    public void leave() {
        inner.leave();
    }
}
