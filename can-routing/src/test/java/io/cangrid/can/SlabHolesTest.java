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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A room of identical machines: eight nodes sharing their real coordinates, so their zones are slabs
 * stacked along the virtual axis and each has only the slab below and the slab above for neighbours,
 * with a live grid's one-second period and 50–150 ms links. A cut of three nodes chosen at random, or a
 * link that carries one way only, then kills runs of neighbours at once on each side, and takeovers alone
 * leave space no one knows of ({@link Holes}). Seeds run 1..{@code -Dslabs.seeds} (default 40).
 */
class SlabHolesTest {

    private static final long PERIOD = 1000;

    static LongStream seeds() {
        return LongStream.rangeClosed(1, Long.getLong("slabs.seeds", 40));
    }

    private static CanSimulation room(long seed) {
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)
                .withLatency(LatencyModel.uniform(50, 150))), CanConfig.withUpdatePeriod(PERIOD),
                PointSource.uniform(3), new SplittableRandom(seed));
        SplittableRandom rnd = new SplittableRandom(17 + seed);
        for (int i = 0; i < 8; i++) {
            NodeId id = grid.addNode(Point.of(0.5, 0.5, rnd.nextDouble()), new Capabilities());
            grid.node(id).useReunions();
            grid.simulation().runFor(PERIOD / 2);
        }
        assertThat(grid.settle(60)).as("seed %d: the room settles", seed).isNotNegative();
        return grid;
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void threeCutOffAtRandomForSixtyPeriodsBecomeOneGridWithinTwentyPeriodsOfTheHeal(long seed) {
        CanSimulation grid = room(seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        List<NodeId> all = grid.activeNodes().stream().map(CanNode::id).toList();
        Set<NodeId> cut = new HashSet<>();
        while (cut.size() < 3) {
            cut.add(all.get(rnd.nextInt(all.size())));
        }
        Set<NodeId> rest = new HashSet<>(all);
        rest.removeAll(cut);
        grid.simulation().partition(List.of(cut, rest));
        grid.simulation().runFor(60 * PERIOD);
        grid.simulation().heal();
        int periods = grid.settle(20);
        System.out.println("SlabHolesTest: 3 of 8 slabs cut off for 60 periods, seed " + seed + ": one grid "
                + periods + " periods after the heal, " + claims(grid) + " hole claim(s)");
        assertThat(periods).as("seed %d: %s", seed, grid.inspect().describe()).isNotNegative();
        assertThat(grid.activeCount()).as("seed %d", seed).isEqualTo(8);
    }

    /**
     * A link between two neighbours carries one way for 30 periods: the deaf end takes the other's zone
     * over while the other keeps hearing it, and both sides of the stack lose and regain nodes for as
     * long as it lasts. Most seeds settle within a few periods; a few take tens (the holes are filled one
     * at a time, each after its patience). About one seed in twenty never does (13 of the first 300, see
     * {@code docs/evaluation.md}): the stack falls into two runs of one world with a hole between them, and
     * each run's end node claims the hole and what lies beyond it, which the other run holds (see
     * {@code docs/design.md}). Which seeds those are moves with any change to the messages sent, as every
     * message draws its latency from the one network stream; the bound allows twice the measured rate.
     */
    @Test
    void aLinkThatCarriesOneWayForThirtyPeriodsLeavesOneGridInNearlyEverySeed() {
        long seeds = Long.getLong("slabs.seeds", 40);
        List<Long> unsettled = new ArrayList<>();
        for (long seed = 1; seed <= seeds; seed++) {
            CanSimulation grid = room(seed);
            SplittableRandom rnd = new SplittableRandom(seed);
            List<CanNode> active = grid.activeNodes();
            CanNode deaf = active.get(rnd.nextInt(active.size()));
            NodeId unheard = deaf.neighbours().get(rnd.nextInt(deaf.neighbours().size())).id();
            grid.simulation().cutOneWay(deaf.id(), unheard);
            grid.simulation().runFor(30 * PERIOD);
            grid.simulation().heal();
            int periods = grid.settle(60);
            System.out.println("SlabHolesTest: " + deaf.id() + " unheard by " + unheard + " for 30 periods, seed "
                    + seed + ": one grid " + periods + " periods after, " + claims(grid) + " hole claim(s)");
            if (periods < 0) {
                unsettled.add(seed);
            }
        }
        assertThat(unsettled).as("seeds whose room did not settle within 60 periods of %d", seeds)
                .hasSizeLessThanOrEqualTo((int) Math.max(1, seeds / 10));
    }

    private static int claims(CanSimulation grid) {
        return grid.allNodes().stream().mapToInt(CanNode::holesClaimed).sum();
    }
}
