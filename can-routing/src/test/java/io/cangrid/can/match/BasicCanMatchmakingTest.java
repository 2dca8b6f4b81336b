package io.cangrid.can.match;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.NeighbourEntry;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.Capable;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobAssign;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.OwnershipHandoff;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Basic CAN matchmaking on settled overlays of skewed nodes: the choice among candidates (design.md
 * §3) and job ownership following zones as nodes join and leave.
 */
class BasicCanMatchmakingTest {

    private static final Requirements NONE = Requirements.none(3);

    /**
     * A few long jobs keep some nodes busy; then short jobs come one at a time, far enough apart that
     * neighbour state is fresh at every decision. The node that decides (the owner, or a node further up
     * the walk) must send each to the fastest free capable node among itself and its neighbours, and only
     * to a busy one, the least loaded, when none is free.
     */
    @Test
    void theDecidingNodePrefersTheFastestFreeCapableCandidate() {
        long seed = 31;
        MatchGrid grid = new MatchGrid(seed);
        List<Capabilities> population = grid.skewedPopulation(60);
        grid.build(population);
        RandomGenerator rnd = new SplitMix64(seed);
        long t = grid.sim.now();
        for (int i = 0; i < 6; i++) {
            grid.submit(t + 1_000 + i * 7_000L, JobSpec.of(NONE, 4_000)); // busy past the last short job
        }
        t += 10 * MatchGrid.UPDATE;
        for (int i = 0; i < 40; i++) {
            Requirements req = NONE;
            if (i % 2 == 1) {
                Capabilities like = population.get(rnd.nextInt(population.size()));
                req = new Requirements(rnd.nextBoolean() ? like.get(0) : 0, like.get(1), 0);
            }
            grid.submit(t + i * 3 * MatchGrid.UPDATE, JobSpec.of(req, 5));
        }
        Map<JobId, NodeId> decider = new HashMap<>();
        grid.onSend(s -> {
            if (s.message() instanceof JobAssign a) {
                decider.put(a.profile().id(), s.from());
            }
        });
        List<String> checked = new ArrayList<>();
        int[] passedOverBusyFaster = {0};
        grid.onAssignment(a -> {
            if (a.job().spec().work() > 100) {
                return; // a long job that keeps its run node busy
            }
            // A node that picks itself queues the job without a message.
            NodeId by = decider.getOrDefault(a.job().id(), a.node());
            Requirements req = a.job().spec().requirements();
            List<NodeId> around = new ArrayList<>();
            around.add(by);
            for (NeighbourEntry n : grid.node(by).overlay().can().neighbours()) {
                around.add(n.id());
            }
            List<NodeId> capable = around.stream().filter(n -> Capable.isCapable(grid.capabilities(n), req)).toList();
            String context = "seed " + seed + ": " + by + " sent " + a.job().id() + " to " + a.node()
                    + " among " + describe(grid, capable, a);
            assertThat(capable).as(context).contains(a.node());
            List<NodeId> free = capable.stream().filter(n -> queueBefore(grid, n, a) == 0).toList();
            double chosenCpu = grid.capabilities(a.node()).get(0);
            if (!free.isEmpty()) {
                assertThat(free).as(context + ": a free one was chosen").contains(a.node());
                assertThat(chosenCpu).as(context + ": the fastest free one")
                        .isEqualTo(free.stream().mapToDouble(n -> grid.capabilities(n).get(0)).max().orElseThrow());
                if (capable.stream().anyMatch(n -> !free.contains(n) && grid.capabilities(n).get(0) > chosenCpu)) {
                    passedOverBusyFaster[0]++;
                }
            } else {
                int shortest = capable.stream().mapToInt(n -> queueBefore(grid, n, a)).min().orElseThrow();
                assertThat(queueBefore(grid, a.node(), a)).as(context + ": the least loaded").isEqualTo(shortest);
                assertThat(chosenCpu).as(context + ": ties go to the faster cpu").isEqualTo(capable.stream()
                        .filter(n -> queueBefore(grid, n, a) == shortest)
                        .mapToDouble(n -> grid.capabilities(n).get(0)).max().orElseThrow());
            }
            checked.add(a.job().id().toString());
        });

        assertThat(grid.runUntilDone(t + 6 * 3_600_000L)).as("seed %d", seed).isTrue();

        assertThat(checked).as("decisions checked").hasSize(40);
        assertThat(passedOverBusyFaster[0]).as("decisions that passed over a faster busy candidate").isPositive();
        grid.assertNoJobLost();
    }

    /** Jobs queued or running on {@code node} before the assignment {@code a} (which is already queued). */
    private static int queueBefore(MatchGrid grid, NodeId node, JobLog.Entry a) {
        int length = grid.node(node).agent().queue().length();
        return node.equals(a.node()) ? length - 1 : length;
    }

    private static String describe(MatchGrid grid, List<NodeId> nodes, JobLog.Entry a) {
        StringBuilder sb = new StringBuilder("[");
        for (NodeId n : nodes) {
            sb.append(sb.length() > 1 ? ", " : "").append(n).append(" cpu ").append(grid.capabilities(n).get(0))
                    .append(" queue ").append(queueBefore(grid, n, a));
        }
        return sb.append(']').toString();
    }

    /**
     * Unconstrained jobs have their points on the origin's corner line, and so do nodes with the least of
     * everything: such nodes joining split the zones that own the running jobs, and the owners hand those
     * jobs over with the zones. Then owners leave gracefully and hand theirs to a neighbour. Every job still
     * completes, once, and no node is left owning a finished job.
     */
    @Test
    void zoneHandOversOnJoinAndLeaveMoveJobOwnershipAndJobsStillComplete() {
        long seed = 41;
        MatchGrid grid = new MatchGrid(seed);
        List<Capabilities> population = grid.skewedPopulation(40);
        grid.build(population);
        int[] handoffs = new int[2];
        int[] phase = {-1};
        grid.onSend(s -> {
            if (s.message() instanceof OwnershipHandoff h && phase[0] >= 0) {
                handoffs[phase[0]] += h.profiles().length;
            }
        });
        long t = grid.sim.now();
        for (int i = 0; i < 40; i++) {
            grid.submit(t + 500L * i, JobSpec.of(NONE, 400));
        }
        Map<JobId, Integer> results = new HashMap<>();
        grid.onSend(s -> {
            if (s.message() instanceof JobResult r) {
                results.merge(r.id(), 1, Integer::sum);
            }
        });
        Capabilities least = new Capabilities(0.25, 256, 1);
        grid.sim.at(t + 30_000, () -> phase[0] = 0);
        for (int i = 0; i < 8; i++) {
            grid.sim.at(t + 30_000 + 4_000L * i, () -> grid.addNode(least));
        }
        grid.sim.at(t + 90_000, () -> phase[0] = 1);
        for (int i = 0; i < 5; i++) {
            grid.sim.at(t + 90_000 + 6_000L * i, () -> {
                NodeId owner = grid.activeIds().stream().filter(id -> grid.node(id).agent().ownedJobs() > 0)
                        .findFirst().orElseThrow();
                grid.sim.requestLeave(owner);
            });
        }

        assertThat(grid.runUntilDone(t + 6 * 3_600_000L)).as("seed %d", seed).isTrue();

        assertThat(handoffs[0]).as("jobs handed over to joiners").isPositive();
        assertThat(handoffs[1]).as("jobs handed over by leavers").isPositive();
        grid.assertNoJobLost();
        assertThat(grid.fates().values()).allSatisfy(f -> assertThat(f.finals()).containsExactly(JobState.COMPLETED));
        assertThat(results).as("results sent per job").hasSize(40).allSatisfy((id, n) -> assertThat(n).isOne());
        // The client may hear of the last job before its owner does: let the last messages land.
        grid.sim.runFor(MatchGrid.HEARTBEAT);
        assertThat(grid.activeIds()).allSatisfy(id -> assertThat(grid.node(id).agent().ownedJobs())
                .as("jobs %s still owns", id).isZero());
        System.out.printf("hand-over: %d jobs to joiners, %d from leavers, %d rematches%n", handoffs[0], handoffs[1],
                grid.fates().values().stream().mapToInt(MatchGrid.Fate::rematches).sum());
    }
}
