package io.cangrid.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.load.push.CanPConfig;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Eq. 1–2 on a whole CAN-P grid in the deterministic simulation: once the overlay has settled and the
 * aggregates have had as many update periods as the longest upward chain of zones (plus a few for
 * latency), in every dimension the zones on the lower face of the space account for every node exactly
 * once and for every queued job exactly once, and each zone's lower neighbours split it in shares that
 * sum to 1. Each grid derives from one seed, printed in every failure.
 */
class SettledAggregatesProperties {

    /** Periods beyond the longest upward chain: the first tick's phase, message latency, one spare. */
    static final int SLACK_PERIODS = 3;

    @Property(tries = 16)
    void lowerFaceSumsAreExactInASettledGrid(@ForAll long seed, @ForAll @IntRange(min = 20, max = 150) int nodes,
            @ForAll LoadGrid.Population population, @ForAll boolean withQueues) {
        LoadGrid grid = new LoadGrid(seed, CanPConfig.withStoppingFactor(2));
        String context = String.format("seed %d, %d %s nodes%s", seed, nodes, population,
                withQueues ? ", jobs queued" : "");
        grid.grow(nodes, population, 40);
        assertThat(grid.settle(60)).as("%s: overlay settles: %s", context, grid.inspect().describe()).isTrue();
        int jobs = 0;
        if (withQueues) {
            jobs = 2 * nodes;
            grid.submitEndless(jobs);
            assertThat(grid.runUntilAllQueued(jobs, 60_000)).as("%s: every job queued", context).isTrue();
        }
        List<Zone> zones = AggregateCheck.zones(grid.activeCans());
        int chain = AggregateCheck.longestUpwardChain(zones);

        grid.sim.runFor((chain + SLACK_PERIODS) * grid.updatePeriod());

        assertThat(grid.isSettled()).as(context).isTrue();
        assertThat(grid.active()).hasSize(nodes);
        assertThat(grid.totalQueueLength()).as(context).isEqualTo(jobs);
        assertThat(AggregateCheck.lowerFaceMismatch(grid.active()))
                .as("%s, longest upward chain %d, after %d periods", context, chain, chain + SLACK_PERIODS).isNull();
        assertThat(AggregateCheck.weightMismatch(grid.activeCans())).as(context).isNull();
    }
}
