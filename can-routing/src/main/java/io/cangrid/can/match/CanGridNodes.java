package io.cangrid.can.match;

import io.cangrid.can.CanNode;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.JobNode;
import io.cangrid.overlay.resource.Capabilities;
import java.util.List;

/** Grid nodes whose overlay is the CAN. */
public final class CanGridNodes {

    private CanGridNodes() {
    }

    /** A node with these capabilities; its virtual coordinate is drawn from its own random source. */
    public static JobNode<CanOverlay> create(NodeContext ctx, GridSettings settings, Capabilities capabilities,
            List<NodeId> bootstraps) {
        Point point = settings.schema().pointOf(capabilities, ctx.random().nextDouble());
        CanOverlay overlay = new CanOverlay(new CanNode(ctx, settings.can(), point, capabilities));
        return new JobNode<>(ctx, overlay, settings.node(), settings.locators(), bootstraps);
    }

    /** The program of a node {@link #create} made, typed as such. */
    @SuppressWarnings("unchecked")
    public static JobNode<CanOverlay> of(NodeProgram program) {
        if (program instanceof JobNode<?> node && node.overlay() instanceof CanOverlay) {
            return (JobNode<CanOverlay>) node;
        }
        throw new IllegalArgumentException("not a grid node on the CAN: " + program);
    }
}
