package io.cangrid.hygra.tick;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.hygra.protocol.FindingListener;
import io.cangrid.hygra.protocol.HygraNode;
import io.cangrid.hygra.protocol.HygraParameters;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The overlay on random placements (jqwik reports the seed of a failing try). */
class OverlayPropertiesTest {

    private static final HygraParameters PARAMETERS = HygraParameters.paperDefaults();

    @Property(tries = 12)
    void onceSettledEveryTwoMutuallyNearestNodesAreLinkedUnlessOneIsFull(@ForAll long seed,
            @ForAll @IntRange(min = 30, max = 120) int nodes) {
        // Algorithm 1's own promise, so without annealing: annealing stops a node's cycles Tmax ticks after
        // its last change of state, whether or not its neighbourhood is final, and some seeds then leave two
        // mutually nearest nodes with room for each other unlinked (seed -10551169, 75 nodes: both at 14
        // links, cold from tick 10 on).
        TickGrid grid = new TickGrid(settings(seed, nodes, PARAMETERS.withTMax(0)), seed, SplitMix64.derive(seed, 1),
                FindingListener.NONE);
        RandomGenerator order = new SplitMix64(seed);
        for (int t = 0; t < 60; t++) {
            tick(grid, order);
        }
        int degMin = PARAMETERS.degMin();
        for (HygraNode a : grid.nodes()) {
            for (HygraNode b : grid.nodes()) {
                if (a.id().compareTo(b.id()) < 0 && rank(grid, a, b) < degMin && rank(grid, b, a) < degMin) {
                    boolean full = a.links().size() == PARAMETERS.degMax() || b.links().size() == PARAMETERS.degMax();
                    assertThat(a.links().contains(b.id()) || full)
                            .as("seed %d: %s and %s are among each other's %d nearest", seed, a.id(), b.id(), degMin)
                            .isTrue();
                }
            }
        }
    }

    @Property(tries = 8)
    void degreeLimitsHoldAtEveryTickAndLinksAreMutual(@ForAll long seed, @ForAll @IntRange(min = 30, max = 100) int nodes) {
        TickGrid grid = grid(seed, nodes);
        RandomGenerator order = new SplitMix64(seed);
        RandomGenerator load = new SplitMix64(~seed);
        Map<NodeId, Boolean> reachedDegMin = new HashMap<>();
        long requestId = 1;
        for (int t = 0; t < 80; t++) {
            grid.overlayPhase(order);
            grid.runtime().requestPhaseUntilSettled();
            // Jobs keep states changing, so links keep moving while the limits are checked.
            for (int i = 0; i < 10; i++) {
                HygraNode entry = grid.nodes().get(load.nextInt(grid.nodes().size()));
                entry.submit(requestId++, grid.schema().amounts(load.nextLong(80), load.nextLong(80)),
                        (1 + load.nextLong(20)) * TickRuntime.TICK_MILLIS);
            }
            grid.runtime().completionPhase();
            grid.runtime().advance();
            for (HygraNode node : grid.nodes()) {
                int degree = node.links().size();
                assertThat(degree).as("seed %d tick %d: degree of %s", seed, t, node.id())
                        .isLessThanOrEqualTo(PARAMETERS.degMax());
                if (degree >= PARAMETERS.degMin()) {
                    reachedDegMin.put(node.id(), true);
                } else {
                    assertThat(reachedDegMin).as("seed %d tick %d: %s fell below degmin", seed, t, node.id())
                            .doesNotContainKey(node.id());
                }
                for (NodeId peer : node.links().nodes()) {
                    assertThat(find(grid, peer).links().contains(node.id()))
                            .as("seed %d tick %d: %s links %s but not back", seed, t, node.id(), peer).isTrue();
                }
            }
        }
    }

    @Property(tries = 8)
    void annealingStopsLinkChurnOnceEveryTemperatureIsZero(@ForAll long seed,
            @ForAll @IntRange(min = 30, max = 100) int nodes) {
        TickGrid grid = grid(seed, nodes);
        RandomGenerator order = new SplitMix64(seed);
        for (int t = 0; t <= PARAMETERS.tMax(); t++) {
            tick(grid, order);
        }
        assertThat(grid.nodes()).allSatisfy(n -> assertThat(n.temperature()).as("seed %d", seed).isZero());
        long changes = totalChanges(grid.nodes());
        for (int t = 0; t < 50; t++) {
            tick(grid, order);
        }
        assertThat(totalChanges(grid.nodes())).as("seed %d: link changes after cooling", seed).isEqualTo(changes);
    }

    @Property(tries = 5)
    void withoutAnnealingCyclesKeepRunning(@ForAll long seed) {
        TickGrid grid = new TickGrid(settings(seed, 60, PARAMETERS.withTMax(0)), seed, seed, FindingListener.NONE);
        RandomGenerator order = new SplitMix64(seed);
        for (int t = 0; t < 20; t++) {
            tick(grid, order);
        }
        long before = grid.runtime().deliveredMessages();
        tick(grid, order);
        // Every node still queries its links every cycle: the cost annealing exists to stop.
        assertThat(grid.runtime().deliveredMessages() - before).as("seed %d", seed)
                .isGreaterThanOrEqualTo(2L * 60 * PARAMETERS.degMin());
    }

    static TickSettings settings(long seed, int nodes, HygraParameters parameters) {
        return TickSettings.paper(seed, parameters).withNodes(nodes).withRates(List.of(1));
    }

    private static TickGrid grid(long seed, int nodes) {
        return new TickGrid(settings(seed, nodes, PARAMETERS), seed, SplitMix64.derive(seed, 1), FindingListener.NONE);
    }

    private static void tick(TickGrid grid, RandomGenerator order) {
        grid.overlayPhase(order);
        grid.runtime().completionPhase();
        grid.runtime().advance();
    }

    private static long totalChanges(List<HygraNode> nodes) {
        return nodes.stream().mapToLong(n -> n.links().changes()).sum();
    }

    private static HygraNode find(TickGrid grid, NodeId id) {
        return grid.nodes().stream().filter(n -> n.id().equals(id)).findFirst().orElseThrow();
    }

    /** How many other nodes are nearer to {@code from} than {@code to} (ties broken by id). */
    private static int rank(TickGrid grid, HygraNode from, HygraNode to) {
        double d = from.state().point().distanceTo(to.state().point());
        int rank = 0;
        for (HygraNode x : grid.nodes()) {
            if (x == from || x == to) {
                continue;
            }
            double dx = x.state().point().distanceTo(from.state().point());
            if (dx < d || (dx == d && x.id().compareTo(to.id()) < 0)) {
                rank++;
            }
        }
        return rank;
    }
}
