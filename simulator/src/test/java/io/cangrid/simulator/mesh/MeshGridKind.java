package io.cangrid.simulator.mesh;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.jobs.JobOverlay;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.run.GridKind;
import java.util.List;

/** Grids on the full mesh: settled once every active member has heard from every other. */
public final class MeshGridKind implements GridKind {

    /** How often members tell each other their state. */
    public static final long PERIOD_MILLIS = MeshOverlay.PERIOD_MILLIS;

    private final MeshDirectory directory = new MeshDirectory();
    private final JobNodeSettings node;
    private final LocatorFactory<JobOverlay> locators;

    public MeshGridKind(JobNodeSettings node, LocatorFactory<JobOverlay> locators) {
        this.node = node;
        this.locators = locators;
    }

    @Override
    public JobNode<?> newNode(NodeContext ctx, Capabilities capabilities, List<NodeId> bootstraps) {
        return new JobNode<>(ctx, new MeshOverlay(ctx, directory, capabilities), node, locators, bootstraps);
    }

    @Override
    public boolean settled(List<JobNode<?>> active, int expected) {
        if (active.size() != expected) {
            return false;
        }
        for (JobNode<?> n : active) {
            if (n.overlay().neighbours().size() != expected - 1) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String describe(List<JobNode<?>> active) {
        return active.size() + " active member(s)";
    }
}
