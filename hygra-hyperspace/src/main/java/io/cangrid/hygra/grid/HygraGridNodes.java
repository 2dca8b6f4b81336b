package io.cangrid.hygra.grid;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.overlay.resource.Capabilities;
import java.util.List;

/** Builds grid nodes on HYGRA's hyperspace: the overlay, the job life cycle and a locator on one node. */
public final class HygraGridNodes {

    private HygraGridNodes() {
    }

    public static JobNode<HygraOverlay> create(NodeContext ctx, HygraGridConfig config, JobNodeSettings settings,
            Capabilities capabilities, List<NodeId> bootstraps, LocatorFactory<? super HygraOverlay> locators) {
        return new JobNode<>(ctx, new HygraOverlay(ctx, config, capabilities), settings, locators, bootstraps);
    }

    /** The HYGRA overlay of a node built here. */
    public static HygraOverlay overlayOf(JobNode<?> node) {
        if (node.overlay() instanceof HygraOverlay overlay) {
            return overlay;
        }
        throw new IllegalArgumentException("node " + node.id() + " is not on HYGRA's hyperspace");
    }
}
