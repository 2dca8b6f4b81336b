package io.cangrid.simulator.run;

import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.can.CanConfig;
import io.cangrid.can.match.GridSettings;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.simulator.locator.LocatorCatalog;
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
        return LocatorCatalog.isHygra(spec) ? HygraGridKind::of : CanGridKind::new;
    }

    /**
     * The grid a live node of {@code spec} joins: the same overlays and locators as in simulation, with
     * the node's own CAN settings (its update period serves HYGRA too). A search that waits far longer than
     * its allowed moves could take ({@code searchBaseMillis} plus {@code searchMoveMillis} a move, milliseconds
     * apart on a live grid) went to a node that died: the owner searches again soon.
     *
     * @throws IllegalArgumentException when {@code spec} names no locator a live node can run
     */
    static GridKind live(String spec, CanConfig can, JobNodeSettings node, long searchBaseMillis,
            long searchMoveMillis) {
        LocatorCatalog.validateLive(spec);
        if (LocatorCatalog.isHygra(spec)) {
            return HygraGridKind.live(spec, node, can.updatePeriodMillis(), searchBaseMillis, searchMoveMillis);
        }
        return new CanGridKind(GridSettings.of(can, node, LocatorCatalog.factory(spec, node.schema(), null)));
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

    /**
     * {@code node}'s program as a live node runs it: answering an operator's inspection request too. A kind
     * with no report of its own (a test's) runs the node as it is.
     */
    default NodeProgram inspected(NodeContext ctx, JobNode<?> node) {
        return node;
    }
}
