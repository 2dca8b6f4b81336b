package io.cangrid.can.inspect;

import io.cangrid.jobs.MachineAd;
import io.cangrid.jobs.RunQueue;
import io.cangrid.can.CanNode;
import io.cangrid.overlay.InspectableProgram;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeProgram;

/** A node program that also answers an operator's inspection request about its CAN state. */
public final class InspectableNode extends InspectableProgram {

    private final CanNode can;
    private final RunQueue queue;

    /** @param queue the node's run queue; null on a node that runs no jobs */
    public InspectableNode(NodeContext ctx, NodeProgram inner, CanNode can, RunQueue queue) {
        super(ctx, inner);
        this.can = can;
        this.queue = queue;
    }

    public CanNode can() {
        return can;
    }

    @Override
    public PeersReply reply(long requestId) {
        MachineAd machine = queue == null ? null : queue.machine();
        return new PeersReply(requestId, NodeReport.of(can), can.phase().name(), can.capabilities(),
                queue == null ? 0 : queue.length(), machine == null ? null : machine.ad().toString());
    }
}
