package io.cangrid.cli.node;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanListener;
import io.cangrid.can.CanNodeProgram;
import io.cangrid.can.inspect.InspectableNode;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;

/**
 * The one place that decides what program a {@code cangrid node} process runs: today the CAN overlay,
 * answering operators' inspection requests and logging its changes. When the job layer comes to live
 * nodes, this is what changes.
 */
final class LiveNodeAssembly {

    private LiveNodeAssembly() {
    }

    static NodeProgramFactory program(CanConfig can, Capabilities capabilities, List<NodeId> bootstraps,
            CanListener extraListener) {
        ResourceSchema schema = ResourceSchema.defaultSchema();
        return ctx -> {
            Point point = schema.pointOf(capabilities, ctx.random().nextDouble());
            CanNodeProgram overlay = new CanNodeProgram(ctx, can, point, capabilities, bootstraps);
            overlay.can().addListener(new NodeEventsLog(overlay.can()));
            overlay.can().addListener(extraListener);
            return new InspectableNode(ctx, overlay, overlay.can(), () -> 0);
        };
    }
}
