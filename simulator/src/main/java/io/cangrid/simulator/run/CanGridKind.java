package io.cangrid.simulator.run;

import io.cangrid.simulator.locator.LocatorCatalog;
import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.match.CanGridNodes;
import io.cangrid.can.match.GridSettings;
import io.cangrid.can.inspect.InspectableNode;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.baseline.GlobalView;
import java.util.ArrayList;
import java.util.List;

/** Grids on the CAN: settled when the inspector finds the zones tiling the space and every table exact. */
final class CanGridKind implements GridKind {

    private final GridSettings settings;

    /** The locator the run names, on the CAN with the run's update period. */
    CanGridKind(RunSettings run, JobNodeSettings node, GlobalView view) {
        this(GridSettings.of(CanConfig.withUpdatePeriod(run.updatePeriodMillis()), node,
                LocatorCatalog.factory(run.locator(), node.schema(), view)));
    }

    CanGridKind(GridSettings settings) {
        this.settings = settings;
    }

    @Override
    public NodeProgram inspected(NodeContext ctx, JobNode<?> node) {
        return new InspectableNode(ctx, node, CanGridNodes.of(node).overlay().can(), node.agent().queue());
    }

    @Override
    public JobNode<?> newNode(NodeContext ctx, Capabilities capabilities, List<NodeId> bootstraps) {
        return CanGridNodes.create(ctx, settings, capabilities, bootstraps);
    }

    @Override
    public boolean settled(List<JobNode<?>> active, int expected) {
        OverlayInspector.Report report = OverlayInspector.inspect(cans(active));
        return report.settled() && report.nodes() == expected;
    }

    @Override
    public String describe(List<JobNode<?>> active) {
        return OverlayInspector.inspect(cans(active)).describe();
    }

    private static List<CanNode> cans(List<JobNode<?>> nodes) {
        List<CanNode> out = new ArrayList<>(nodes.size());
        for (JobNode<?> n : nodes) {
            out.add(CanGridNodes.of(n).overlay().can());
        }
        return out;
    }
}
