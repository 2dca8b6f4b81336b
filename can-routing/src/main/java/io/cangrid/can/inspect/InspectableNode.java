package io.cangrid.can.inspect;

import io.cangrid.can.CanNode;
import io.cangrid.overlay.InspectableProgram;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeProgram;
import java.util.function.IntSupplier;

/** A node program that also answers an operator's inspection request about its CAN state. */
public final class InspectableNode extends InspectableProgram {

    private final CanNode can;
    private final IntSupplier queueLength;

    public InspectableNode(NodeContext ctx, NodeProgram inner, CanNode can, IntSupplier queueLength) {
        super(ctx, inner);
        this.can = can;
        this.queueLength = queueLength;
    }

    public CanNode can() {
        return can;
    }

    @Override
    public PeersReply reply(long requestId) {
        return new PeersReply(requestId, NodeReport.of(can), can.phase().name(), can.capabilities(),
                queueLength.getAsInt());
    }
}
