package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A grid cut in two for longer than takeovers take: each side takes the other's zones over and tiles the
 * whole space, and neither knows the other is back when the cut heals. With reunions ({@link Reunions}) the
 * younger side's nodes join the older side's grid and one grid settles; without, two tilings stay. A crash
 * of the node that leads the world sends nobody anywhere. Seeds run 1..{@code -Dheal.seeds} (default 40).
 *
 * <p>Over 300 seeds, known failures (see {@code docs/evaluation.md}): the forty-node cut leaves a sliver of
 * space to no one in seed 157 (a node of the younger world whose join into the older one never ends), and the
 * ten-period cut, which the overlay settles zone by zone as it did before reunions, leaves a hole in seeds 182,
 * 184, 188, 199, 228 and 231.
 */
class PartitionHealTest {

    private static final long PERIOD = 250;

    static LongStream seeds() {
        return LongStream.rangeClosed(1, Long.getLong("heal.seeds", 40));
    }

    private static CanSimulation grid(long seed, int nodes, boolean reunions) {
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)
                .withLatency(LatencyModel.constant(5))), CanConfig.withUpdatePeriod(PERIOD), PointSource.uniform(3),
                new SplittableRandom(seed));
        SplittableRandom rnd = new SplittableRandom(17 + seed);
        for (int i = 0; i < nodes; i++) {
            NodeId id = grid.addNode(Point.of(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble()), new Capabilities());
            if (reunions) {
                grid.node(id).useReunions();
            }
            grid.simulation().runFor(62);
        }
        assertThat(grid.settle(60)).as("seed %d: %d nodes settle", seed, nodes).isNotNegative();
        return grid;
    }

    /** Cuts the first {@code cut} active nodes off from the rest for {@code periods}, heals, returns the sides. */
    private static List<NodeId> cutAndHeal(CanSimulation grid, int cut, long periods) {
        List<NodeId> all = grid.activeNodes().stream().map(CanNode::id).toList();
        Set<NodeId> one = new HashSet<>(all.subList(0, cut));
        Set<NodeId> other = new HashSet<>(all.subList(cut, all.size()));
        grid.simulation().partition(List.of(one, other));
        grid.simulation().runFor(periods * PERIOD);
        grid.simulation().heal();
        return all;
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void threeCutOffFromFiveForSixtyPeriodsBecomeOneGridWithinTenPeriodsOfTheHeal(long seed) {
        CanSimulation grid = grid(seed, 8, true);
        cutAndHeal(grid, 3, 60);
        int periods = grid.settle(10);
        System.out.println("PartitionHealTest: 8 nodes, 3 cut off for 60 periods, seed " + seed + ": one grid "
                + periods + " periods after the heal");
        assertThat(periods).as("seed %d: %s", seed, grid.inspect().describe()).isNotNegative();
        assertThat(grid.activeCount()).as("seed %d", seed).isEqualTo(8);
        assertThat(grid.activeNodes().stream().map(CanNode::worldLeader).distinct()).as("seed %d: leaders", seed)
                .hasSize(1);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void fortyNodesCutFifteenFromTwentyFiveHealIntoOne(long seed) {
        CanSimulation grid = grid(seed, 40, true);
        cutAndHeal(grid, 15, 60);
        int periods = grid.settle(20);
        System.out.println("PartitionHealTest: 40 nodes, 15 cut off for 60 periods, seed " + seed + ": one grid "
                + periods + " periods after the heal");
        assertThat(periods).as("seed %d: %s", seed, grid.inspect().describe()).isNotNegative();
        assertThat(grid.activeCount()).as("seed %d", seed).isEqualTo(40);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aCutHealedBeforeTheCutOffSideNamesALeaderOfItsOwnHealsLater(long seed) {
        // Ten periods: takeovers have happened, but the cut-off side still names the old leader, so no
        // node can tell the worlds apart until its reports of that leader lapse.
        CanSimulation grid = grid(seed, 8, true);
        cutAndHeal(grid, 3, 10);
        int periods = grid.settle(Reunions.MAX_STALE + 20);
        System.out.println("PartitionHealTest: 8 nodes, 3 cut off for 10 periods, seed " + seed + ": one grid "
                + periods + " periods after the heal");
        assertThat(periods).as("seed %d: %s", seed, grid.inspect().describe()).isNotNegative();
        assertThat(grid.activeCount()).as("seed %d", seed).isEqualTo(8);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void crashesOfTheLeaderAndOthersSendNobodyToAnotherWorld(long seed) {
        CanSimulation grid = grid(seed, 30, true);
        SplittableRandom rnd = new SplittableRandom(seed);
        List<NodeId> victims = new ArrayList<>();
        victims.add(grid.activeNodes().get(0).id());
        for (int i = 0; i < 4; i++) {
            List<CanNode> alive = grid.activeNodes();
            victims.add(alive.get(1 + rnd.nextInt(alive.size() - 1)).id());
        }
        for (NodeId v : new HashSet<>(victims)) {
            grid.crash(v);
            grid.simulation().runFor(3 * PERIOD);
        }
        int periods = grid.settle(Reunions.MAX_STALE + 60);
        assertThat(periods).as("seed %d: %s", seed, grid.inspect().describe()).isNotNegative();
        grid.simulation().runFor((Reunions.MAX_STALE + 4) * PERIOD);
        assertThat(grid.activeNodes().stream().mapToInt(CanNode::worldDepartures).sum())
                .as("seed %d: nodes that left their world", seed).isZero();
        assertThat(grid.activeNodes().stream().map(CanNode::worldLeader).distinct()).as("seed %d: leaders", seed)
                .hasSize(1);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void withoutReunionsBothSidesKeepTheirTilings(long seed) {
        // What the reunions are for: the same cut without them leaves two tilings of the space for good.
        CanSimulation grid = grid(seed, 8, false);
        cutAndHeal(grid, 3, 60);
        assertThat(grid.settle(40)).as("seed %d", seed).isNegative();
        assertThat(grid.inspect().describe()).contains("tiling BROKEN (volume 2.0");
    }
}
