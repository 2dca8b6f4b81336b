package io.cangrid.simulator.run;

import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.baseline.GlobalView;
import java.util.List;

/**
 * The overlay an experiment's grid is built on: how one node is made, and how the experiment tells that
 * the overlay has settled before the workload starts. The experiment driver knows nothing else of it.
 */
public interface GridKind {

    /** The grid a run of {@code spec} is built on: HYGRA's hyperspace for HYGRA, the CAN for every other. */
    static Factory forLocator(String spec) {
        return io.cangrid.simulator.locator.LocatorCatalog.isHygra(spec) ? HygraGridKind::of : CanGridKind::new;
    }


    /** Makes the grid kind of one run: its nodes share {@code node}; oracles read {@code view}. */
    @FunctionalInterface
    interface Factory {
        GridKind create(RunSettings settings, JobNodeSettings node, GlobalView view);
    }

    JobNode<?> newNode(NodeContext ctx, Capabilities capabilities, List<NodeId> bootstraps);

    /**
     * Whether the overlay of {@code active} (the nodes that take part now) has settled with
     * {@code expected} nodes; {@link #describe} says what is still wrong.
     */
    boolean settled(List<JobNode<?>> active, int expected);

    String describe(List<JobNode<?>> active);
}
