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
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The answer to a join is lost. The joiner's retry cannot make it good: its neighbours-to-be already know
 * it as the owner of its zone and route the retried request to it. Unless its zone's old owner says its
 * answer again, the joiner stays out until it is presumed dead and its zone taken back (seen in a
 * simulation of a restarted node on links losing 2% of messages: ten periods, against four).
 */
class LostJoinAnswerTest {

    private static final long PERIOD = 1000;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void aJoinerWhoseAnswerWasLostIsInWithinTwoPeriodsOfTheLinkComingBack(long seed) {
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)
                .withLatency(LatencyModel.uniform(50, 150))), CanConfig.withUpdatePeriod(PERIOD),
                PointSource.uniform(2), new SplittableRandom(seed));
        for (int i = 0; i < 6; i++) {
            grid.addNode();
            grid.simulation().runFor(PERIOD / 2);
        }
        assertThat(grid.settle(30)).as("seed %d: the grid settles", seed).isNotNegative();
        SplittableRandom rnd = new SplittableRandom(1000 + seed);
        Point point = Point.of(rnd.nextDouble(), rnd.nextDouble());
        CanNode owner = grid.activeNodes().stream().filter(n -> n.ownZones().containing(point) != null)
                .findFirst().orElseThrow();
        CanNode bootstrap = grid.activeNodes().stream().filter(n -> n != owner).findFirst().orElseThrow();

        NodeId joiner = grid.addNode(point, new Capabilities(), List.of(bootstrap.id()));
        // Everything the owner says to the joiner is lost, its answer to the join among it.
        grid.simulation().cutOneWay(owner.id(), joiner);
        grid.simulation().runFor(PERIOD + PERIOD / 2);
        assertThat(grid.node(joiner).phase()).as("seed %d: the answer was lost", seed).isEqualTo(CanPhase.JOINING);
        grid.simulation().heal();

        int periods = grid.settle(20, () -> grid.node(joiner).phase() == CanPhase.ACTIVE && grid.settledNow());
        System.out.println("LostJoinAnswerTest: seed " + seed + ": in and settled " + periods
                + " period(s) after the link came back");
        assertThat(periods).as("seed %d: periods from the link's return to a settled grid with the joiner in", seed)
                .isBetween(0, 2);
    }
}
