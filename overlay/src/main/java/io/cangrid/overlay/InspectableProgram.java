package io.cangrid.overlay;

/**
 * A node program that also answers an operator's {@link PeersRequest}, with the report its overlay makes
 * ({@link #reply}); everything else goes to the program it wraps. The answer is built on the node's thread
 * like any other event, so it reads the overlay's state without locks.
 */
public abstract class InspectableProgram implements NodeProgram {

    private final NodeContext ctx;
    private final NodeProgram inner;

    protected InspectableProgram(NodeContext ctx, NodeProgram inner) {
        this.ctx = ctx;
        this.inner = inner;
    }

    public final NodeProgram inner() {
        return inner;
    }

    /** This node's answer to a {@link PeersRequest}. */
    public abstract Message reply(long requestId);

    @Override
    public final void start() {
        inner.start();
    }

    @Override
    public final void receive(NodeId from, Message message) {
        if (message instanceof PeersRequest q) {
            ctx.send(from, reply(q.requestId()));
        } else {
            inner.receive(from, message);
        }
    }

    @Override
    public final void leave() {
        inner.leave();
    }
}
