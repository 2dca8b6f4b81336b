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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The schedule behind a live join that gave up on a busy machine, replayed: a joiner with one contact, on a
 * 250 ms update period, whose contact's answers take three seconds to reach it (the first connection's TLS
 * handshake in a cold, loaded process). Its request gets through and the owner gives it a zone. The joiner
 * used to give up after five silent quarter-second rounds, 1.25 s, leaving that zone to a takeover and the
 * grid a node short; it must wait and join.
 */
class SlowFirstContactTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void aJoinerWhoseOnlyContactAnswersLateJoinsInsteadOfGivingUp(long seed) {
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)
                .withLatency(LatencyModel.constant(5))), CanConfig.withUpdatePeriod(250), PointSource.uniform(3),
                new SplittableRandom(seed));
        SplittableRandom rnd = new SplittableRandom(17 + seed);
        for (int i = 0; i < 8; i++) {
            grid.addNode(Point.of(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble()), new Capabilities());
            grid.simulation().runFor(62);
        }
        assertThat(grid.settle(40)).as("seed %d: the first eight settle", seed).isNotNegative();
        NodeId first = grid.activeNodes().get(0).id();
        NodeId joiner = grid.addNode(Point.of(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble()),
                new Capabilities(), List.of(first));
        // Its first request is on the wire; everything after it, both ways, waits three seconds.
        grid.simulation().runFor(3);
        Set<NodeId> others = new HashSet<>(grid.simulation().liveNodes());
        others.remove(joiner);
        grid.simulation().partition(List.of(Set.of(joiner), others));
        grid.simulation().runFor(3_000);
        grid.simulation().heal();
        assertThat(grid.node(joiner).phase()).as("seed %d: the joiner after 3 s without an answer", seed)
                .isNotEqualTo(CanPhase.LEFT);

        grid.simulation().runFor(20 * 250);
        assertThat(grid.node(joiner).phase()).as("seed %d", seed).isEqualTo(CanPhase.ACTIVE);
        assertThat(grid.activeCount()).isEqualTo(9);
        assertThat(grid.inspect().settled()).as("seed %d: %s", seed, grid.inspect().describe()).isTrue();
    }

    @Test
    void aJoinerWhoseContactsAreAllGoneStillGivesUpSayingSo() {
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(3)
                .withLatency(LatencyModel.constant(5))), CanConfig.withUpdatePeriod(250), PointSource.uniform(3),
                new SplittableRandom(3));
        NodeId only = grid.addNode(Point.of(0.5, 0.5, 0.5), new Capabilities());
        grid.simulation().runFor(500);
        grid.crash(only);
        NodeId joiner = grid.addNode(Point.of(0.2, 0.2, 0.2), new Capabilities(), List.of(only));
        grid.simulation().runFor(60 * 250);
        assertThat(grid.node(joiner).phase()).isEqualTo(CanPhase.LEFT);
    }
}
