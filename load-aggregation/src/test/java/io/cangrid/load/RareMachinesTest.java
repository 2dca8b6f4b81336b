package io.cangrid.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.match.CanOverlay;
import io.cangrid.can.match.MatchGrid;
import io.cangrid.jobs.JobExpressions;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.MachineAd;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.CanPLocator;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.ad.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A job that requires something few machines have is not queued behind another while one of them is idle:
 * on a grid of 60 nodes of which two publish a rare operating system, a long job requiring it runs on one,
 * and a second, submitted while the first runs, starts on the other at once. The capable nodes of such a job
 * are scattered through the space, so a search that stopped at the first one met, busy or not, would queue
 * the second job behind the first about as often as not.
 */
class RareMachinesTest {

    private static final int NODES = 60;
    private static final String RARE = "other.OpSys == \"IRIX65\"";

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aSecondJobStartsOnTheOtherRareMachine(long seed) {
        MatchGrid grid = new MatchGrid(seed, MatchGrid.UPDATE, MatchGrid.HEARTBEAT,
                CanPLocator.factory(MatchGrid.SCHEMA, CanPConfig.px()));
        grid.build(grid.skewedPopulation(NODES));
        List<JobNode<CanOverlay>> nodes = grid.active();
        List<NodeId> rare = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            JobNode<CanOverlay> node = nodes.get(i);
            // Two machines far apart in the order the grid was built, so far apart in the space as a rule.
            boolean isRare = i == 7 || i == 41;
            node.agent().matchWith(MachineAd.of(MatchGrid.SCHEMA, node.capabilities(),
                    Map.of("OpSys", Value.of(isRare ? "IRIX65" : "LINUX")), null, 0));
            if (isRare) {
                rare.add(node.id());
            }
        }
        grid.sim.runFor(2 * grid.updatePeriod());
        long start = grid.sim.now();
        grid.submit(start, job("first", 1800));
        grid.submit(start + 3 * grid.updatePeriod(), job("second", 60));
        grid.runUntilDone(start + 2 * 3600_000L);

        String context = "seed " + seed + ", machines with IRIX65: " + rare;
        grid.assertNoJobLost();
        List<MatchGrid.Fate> fates = new ArrayList<>(grid.fates().values());
        assertThat(fates).as(context).hasSize(2);
        List<NodeId> first = fates.get(0).runNodes();
        List<NodeId> second = fates.get(1).runNodes();
        assertThat(first).as(context + ": the first job's run nodes").hasSize(1);
        assertThat(rare).as(context).contains(first.get(0));
        assertThat(second).as(context + ": the second job went to the idle rare machine, and only there")
                .containsExactly(rare.get(rare.get(0).equals(first.get(0)) ? 1 : 0));
    }

    private static JobSpec job(String name, double work) {
        return JobSpec.requiring(MatchGrid.SCHEMA, Map.of(), work, name)
                .withExpressions(new JobExpressions(RARE, null), MatchGrid.SCHEMA);
    }
}
