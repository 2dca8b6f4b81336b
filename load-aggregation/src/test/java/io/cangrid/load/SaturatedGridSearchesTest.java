package io.cangrid.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobSpec;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.WaitingSearch;
import io.cangrid.overlay.NodeId;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A grid handed far more jobs than it has nodes, as a cluster of thousands is: every job waits, no node is
 * free, and every waiting job's search is in vain. However long its queue, a node starts at most
 * {@code seekPerPeriod} searches an update period, so the searches' traffic is bounded by the grid's size,
 * not by the number of jobs it holds.
 */
class SaturatedGridSearchesTest {

    private static final int NODES = 12;
    private static final int JOBS = 600;
    private static final int PERIODS = 10;
    private static final double HOUR_OF_WORK = 3600;

    @ParameterizedTest
    @ValueSource(longs = {3, 5})
    void aNodeStartsAtMostItsSearchesAPeriodHoweverLongItsQueue(long seed) {
        CanPConfig px = CanPConfig.px();
        int cap = px.waiting().seekPerPeriod();
        LoadGrid grid = new LoadGrid(seed, px, 10_000, 30_000);
        Map<NodeId, Integer> started = new HashMap<>();
        grid.onSend(sent -> {
            // A search's first step leaves the node whose queue holds the job, with only that node visited.
            if (sent.message() instanceof WaitingSearch w && w.visited().length == 1 && sent.from().equals(w.waitingAt())) {
                started.merge(sent.from(), 1, Integer::sum);
            }
        });
        grid.build(grid.skewedPopulation(NODES));
        long start = grid.sim.now();
        for (int i = 0; i < JOBS; i++) {
            grid.submit(start, JobSpec.requiring(LoadGrid.SCHEMA, Map.of(), HOUR_OF_WORK, "long-" + i));
        }
        grid.sim.runFor(grid.updatePeriod()); // every job taken and queued
        started.clear();
        int longestQueue = 0;
        for (var node : grid.active()) {
            longestQueue = Math.max(longestQueue, node.agent().queue().waitingJobs().size());
        }
        grid.sim.runFor(PERIODS * grid.updatePeriod());
        String context = "seed " + seed + ": searches started per node in " + PERIODS + " periods " + started.values()
                + ", at most " + cap + " a period; longest queue " + longestQueue + " jobs waiting";
        assertThat(longestQueue).as(context).isGreaterThan(4 * cap);
        assertThat(started).as(context).isNotEmpty();
        // A node's periods need not begin when the window does: one period's searches more at most.
        assertThat(started.values()).as(context).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(cap * (PERIODS + 1)));
    }
}
