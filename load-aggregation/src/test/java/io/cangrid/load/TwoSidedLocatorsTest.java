package io.cangrid.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.match.BasicCanLocator;
import io.cangrid.can.match.MatchGrid;
import io.cangrid.jobs.JobExpressions;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MachineAd;
import io.cangrid.jobs.message.JobRefused;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.CanPLocator;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.ad.Value;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.can.match.CanOverlay;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Locators weigh machines as the machines will: on a simulated grid whose nodes publish an operating system
 * and some of them an owner's {@code Start} that refuses jobs named riffraff, basic CAN matchmaking and CAN-PX
 * send each job only to a node whose ad its requirements are true of and whose {@code Start} accepts it, so
 * no run node ever refuses one; and a job no node's ad satisfies ends NO_MATCH naming the conjunct that fails.
 */
class TwoSidedLocatorsTest {

    private static final String[] SYSTEMS = {"LINUX", "WINDOWS", "OSX"};
    private static final String NOT_RIFFRAFF = "other.Name != \"riffraff\"";
    private static final int NODES = 40;
    private static final int JOBS = 60;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"basic", "CAN-PX"})
    void jobsGoOnlyWhereBothSidesSayYes(String locator) {
        long seed = 17;
        MatchGrid grid = locator.equals("basic")
                ? new MatchGrid(seed)
                : new MatchGrid(seed, MatchGrid.UPDATE, MatchGrid.HEARTBEAT, CanPLocator.factory(MatchGrid.SCHEMA,
                        CanPConfig.px()));
        AtomicInteger refusals = new AtomicInteger();
        grid.onSend(sent -> {
            if (sent.message() instanceof JobRefused) {
                refusals.incrementAndGet();
            }
        });
        grid.build(grid.skewedPopulation(NODES));
        Map<NodeId, String> systems = new HashMap<>();
        Map<NodeId, Boolean> strict = new HashMap<>();
        List<JobNode<CanOverlay>> nodes = grid.active();
        for (int i = 0; i < nodes.size(); i++) {
            JobNode<CanOverlay> node = nodes.get(i);
            String os = SYSTEMS[i % SYSTEMS.length];
            boolean refusesRiffraff = i % 4 == 0;
            Capabilities caps = node.capabilities();
            node.agent().matchWith(MachineAd.of(MatchGrid.SCHEMA, caps, Map.of("OpSys", Value.of(os)),
                    refusesRiffraff ? NOT_RIFFRAFF : null, 0));
            systems.put(node.id(), os);
            strict.put(node.id(), refusesRiffraff);
        }
        // Ads travel with the next state messages.
        grid.sim.runFor(2 * grid.updatePeriod());
        long start = grid.sim.now();
        for (int j = 0; j < JOBS; j++) {
            String os = SYSTEMS[j % SYSTEMS.length];
            String name = j % 2 == 0 ? "riffraff" : "raman";
            grid.submit(start + j * 2_000L, job(name, "other.OpSys == \"" + os + "\""));
        }
        grid.submit(start + JOBS * 2_000L, job("raman", "other.Memory >= 1 && other.OpSys == \"PLAN9\""));
        grid.runUntilDone(start + 6 * 3600_000L);

        String context = locator + ", seed " + seed;
        grid.assertNoJobLost();
        assertThat(refusals.get()).as(context + ": refusals by run nodes").isZero();
        List<MatchGrid.Fate> ran = grid.fates(f -> f.finals().contains(JobState.COMPLETED));
        assertThat(ran).as(context).hasSize(JOBS);
        for (MatchGrid.Fate f : ran) {
            String wanted = f.job().spec().expressions().requirements();
            for (NodeId runNode : f.runNodes()) {
                assertThat(wanted).as(context + ": " + f).contains("\"" + systems.get(runNode) + "\"");
                if ("riffraff".equals(f.job().spec().name())) {
                    assertThat(strict.get(runNode)).as(context + ": riffraff's job ran on " + runNode).isFalse();
                }
            }
        }
        List<MatchGrid.Fate> none = grid.fates(f -> f.finals().contains(JobState.NO_MATCH));
        assertThat(none).as(context).hasSize(1);
        assertThat(none.get(0).reason()).as(context).contains("no node satisfies (other.OpSys == \"PLAN9\")");
    }

    private static JobSpec job(String name, String requirements) {
        return JobSpec.requiring(MatchGrid.SCHEMA, Map.of(), 60, name)
                .withExpressions(new JobExpressions(requirements, null), MatchGrid.SCHEMA);
    }
}
