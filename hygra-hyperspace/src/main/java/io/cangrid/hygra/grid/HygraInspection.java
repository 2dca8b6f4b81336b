package io.cangrid.hygra.grid;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.PeersRequest;
import java.util.function.IntSupplier;

/**
 * A HYGRA node program that also answers an operator's {@link PeersRequest}, with a {@link HygraReport}
 * instead of the CAN's zones; everything else goes to the program it wraps, on the node's thread.
 */
public final class HygraInspection implements NodeProgram {

    private final NodeContext ctx;
    private final NodeProgram inner;
    private final HygraOverlay overlay;
    private final IntSupplier queueLength;

    public HygraInspection(NodeContext ctx, NodeProgram inner, HygraOverlay overlay, IntSupplier queueLength) {
        this.ctx = ctx;
        this.inner = inner;
        this.overlay = overlay;
        this.queueLength = queueLength;
    }

    @Override
    public void start() {
        inner.start();
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (message instanceof PeersRequest q) {
            ctx.send(from, HygraReport.of(q.requestId(), ctx.self(), overlay, queueLength.getAsInt()));
        } else {
            inner.receive(from, message);
        }
    }

    @Override
    public void leave() {
        inner.leave();
    }
}
