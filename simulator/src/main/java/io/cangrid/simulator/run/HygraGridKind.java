package io.cangrid.simulator.run;

import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.hygra.grid.HygraGridConfig;
import io.cangrid.hygra.grid.HygraGridNodes;
import io.cangrid.hygra.grid.HygraLocator;
import io.cangrid.hygra.grid.HygraOverlay;
import io.cangrid.hygra.protocol.HygraParameters;
import io.cangrid.hygra.grid.HygraInspection;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.baseline.GlobalView;
import io.cangrid.simulator.locator.HygraOptions;
import io.cangrid.simulator.locator.LocatorSpec;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Grids on HYGRA's hyperspace with HYGRA's locator: settled when every node has at least degmin links
 * (fewer only in a grid too small for them) and the links join every node into one overlay.
 */
public final class HygraGridKind implements GridKind {

    private final HygraGridConfig config;
    private final JobNodeSettings node;

    public HygraGridKind(HygraGridConfig config, JobNodeSettings node) {
        this.config = config;
        this.node = node;
    }

    /** The grid of a run whose locator is {@code HYGRA[...]}, with the run's update period. */
    static HygraGridKind of(RunSettings run, JobNodeSettings node, GlobalView view) {
        HygraOptions.Choice choice = HygraOptions.apply(run.locator(), LocatorSpec.parse(run.locator()).options());
        HygraGridConfig config = new HygraGridConfig(choice.parameters(),
                new io.cangrid.hygra.grid.GridSpace(node.schema()), run.updatePeriodMillis(), choice.attempts());
        return new HygraGridKind(config, node);
    }

    /** A live node's grid: the options {@code spec} names, and a search timeout fit for millisecond moves. */
    static HygraGridKind live(String spec, JobNodeSettings node, long updatePeriodMillis, long searchBaseMillis,
            long searchMoveMillis) {
        HygraOptions.Choice choice = HygraOptions.apply(spec, LocatorSpec.parse(spec).options());
        HygraGridConfig config = new HygraGridConfig(choice.parameters(),
                new io.cangrid.hygra.grid.GridSpace(node.schema()), updatePeriodMillis, choice.attempts())
                .withSearchTimeout(searchBaseMillis + searchMoveMillis * choice.parameters().hopLimit());
        return new HygraGridKind(config, node);
    }

    /** The paper's parameters on {@code node}'s schema, for tests. */
    public static HygraGridKind paperDefaults(JobNodeSettings node, long updatePeriodMillis) {
        return new HygraGridKind(HygraGridConfig.of(HygraParameters.paperDefaults(), node.schema(), updatePeriodMillis),
                node);
    }

    @Override
    public JobNode<?> newNode(NodeContext ctx, Capabilities capabilities, List<NodeId> bootstraps) {
        return HygraGridNodes.create(ctx, config, node, capabilities, bootstraps, HygraLocator.factory());
    }

    @Override
    public NodeProgram inspected(NodeContext ctx, JobNode<?> node) {
        return new HygraInspection(ctx, node, overlay(node), () -> node.agent().queue().length());
    }

    @Override
    public boolean settled(List<JobNode<?>> active, int expected) {
        return active.size() == expected && underLinked(active) == 0 && components(active) == 1;
    }

    @Override
    public String describe(List<JobNode<?>> active) {
        return active.size() + " active node(s), " + underLinked(active) + " with fewer than degmin links, "
                + components(active) + " component(s)";
    }

    private int underLinked(List<JobNode<?>> active) {
        int wanted = Math.min(config.parameters().degMin(), active.size() - 1);
        int count = 0;
        for (JobNode<?> n : active) {
            if (overlay(n).node().links().size() < wanted) {
                count++;
            }
        }
        return count;
    }

    /** Connected components of the link graph over the active nodes, links taken as undirected. */
    private static int components(List<JobNode<?>> active) {
        Map<NodeId, Set<NodeId>> edges = new HashMap<>();
        for (JobNode<?> n : active) {
            edges.computeIfAbsent(n.id(), k -> new HashSet<>());
        }
        for (JobNode<?> n : active) {
            for (NodeId peer : overlay(n).node().links().nodes()) {
                if (edges.containsKey(peer)) {
                    edges.get(n.id()).add(peer);
                    edges.get(peer).add(n.id());
                }
            }
        }
        Set<NodeId> seen = new HashSet<>();
        int components = 0;
        for (NodeId start : edges.keySet()) {
            if (!seen.add(start)) {
                continue;
            }
            components++;
            Deque<NodeId> todo = new ArrayDeque<>(List.of(start));
            while (!todo.isEmpty()) {
                for (NodeId next : edges.get(todo.pop())) {
                    if (seen.add(next)) {
                        todo.push(next);
                    }
                }
            }
        }
        return components;
    }

    private static HygraOverlay overlay(JobNode<?> n) {
        return HygraGridNodes.overlayOf(n);
    }
}
