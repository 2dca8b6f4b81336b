package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Sixteen joins on a 250 ms update period while messages take 200 ms on average, with the long tail of an
 * exponential (a busy machine: neighbours are taken for dead and their zones taken over while they live),
 * then calm. This schedule (seed 109) left a node holding, beside its own zone, an older zone inside it that
 * the space's later split had given, under the same path, to another node: a double claim that no later
 * message settled, as seen on live nodes over TLS on a busy machine. A node now holds no zone inside
 * another of its own, and the overlay settles.
 */
class LatencyStormTest {

    @Test
    void joinsDuringALatencyStormSettleOnceItPasses() {
        assertThat(settlesAfterStorm(109, 200)).isNull();
    }

    /**
     * A slower storm (300 ms on average). In three schedules (seeds 2, 41, 46) a request from a join that had
     * since gone through elsewhere, and been lost again, reached an owner seconds late: the owner split for
     * it and gave the zone to a joiner that refused an answer to an attempt of an earlier join, and that
     * space stayed without an owner for good (live: sixteen nodes over TLS on a busy machine). A joiner now
     * takes such an answer unless it is to the attempt that last made it a member, and those three settle.
     * Storms still leave about one schedule in fifty unsettled by another cause, not fixed yet (concurrent
     * takeovers that split one parent two ways; see evaluation.md, "Concurrent churn"): over a hundred
     * schedules, at most two may be.
     */
    @Test
    void aLateAnswerToAnEarlierJoinIsTakenNotLeftWithoutAnOwner() {
        for (long seed : new long[] {2, 41, 46}) {
            assertThat(settlesAfterStorm(seed, 300)).as("seed %d (storm of 300 ms on average)", seed).isNull();
        }
        List<String> unsettled = new ArrayList<>();
        for (long seed = 1; seed <= 100; seed++) {
            String wrong = settlesAfterStorm(seed, 300);
            if (wrong != null) {
                unsettled.add("seed " + seed + ": " + wrong);
            }
        }
        assertThat(unsettled).as("schedules 1-100 (storm of 300 ms on average) left unsettled")
                .hasSizeLessThanOrEqualTo(2);
    }

    /** Null when the grid settles with all sixteen nodes in after the storm, else what is wrong. */
    private static String settlesAfterStorm(long seed, long meanMillis) {
        boolean[] calm = {false};
        LatencyModel storm = LatencyModel.exponential(meanMillis);
        LatencyModel latency = rng -> calm[0] ? 5 : storm.sampleMillis(rng);
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed).withLatency(latency)),
                CanConfig.withUpdatePeriod(250), PointSource.uniform(3), new SplittableRandom(seed));
        SplittableRandom rnd = new SplittableRandom(17 + seed);
        for (int i = 0; i < 16; i++) {
            grid.addNode(Point.of(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble()), new Capabilities());
            grid.simulation().runFor(62);
        }
        grid.simulation().runFor(2_000);
        calm[0] = true;
        int periods = grid.settle(80);
        if (periods < 0 || grid.activeCount() != 16) {
            return "not settled 80 periods after the storm with " + grid.activeCount() + " of 16 nodes in: "
                    + grid.inspect().describe();
        }
        return null;
    }
}
