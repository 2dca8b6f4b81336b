package io.cangrid.can.match;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.sim.CapabilityPoints;
import io.cangrid.can.sim.SmallWorkload;
import io.cangrid.jobs.Capable;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Completeness of basic CAN matchmaking (design.md §3) on settled overlays of skewed
 * nodes: a job some node can run is placed on a capable node, and a job no node can run ends NO_MATCH
 * with a reason that names what no node offers. Each layout and its jobs derive from one seed, printed in
 * every failure message. The default build runs a fixed set of layouts so that it is reproducible.
 */
class MatchmakingProperties {

    /** Beyond the largest level {@link CapabilityPoints} draws in each dimension: no node offers these. */
    private static final double[] BEYOND = {6, 32_768, 1_280};

    @Property(tries = 10, seed = "20261123")
    void aJobSomeNodeCanRunIsPlacedOnACapableNodeAndOneNoNodeCanRunEndsNoMatch(@ForAll long seed,
            @ForAll @IntRange(min = 40, max = 80) int nodeCount) {
        MatchGrid grid = new MatchGrid(seed);
        List<Capabilities> population = grid.skewedPopulation(nodeCount);
        grid.build(population);
        RandomGenerator rnd = new SplitMix64(SplitMix64.derive(seed, 1));
        List<Requirements> jobs = new ArrayList<>();
        long at = grid.sim.now();
        for (int i = 0; i < 30; i++) {
            Requirements req = job(i, rnd, population);
            jobs.add(req);
            at += 1_000 + rnd.nextLong(6_000);
            grid.submit(at, JobSpec.of(req, 20 + rnd.nextInt(40)));
        }

        assertThat(grid.runUntilDone(at + 6 * 3_600_000L)).as("seed %d: every job ended", seed).isTrue();

        grid.assertNoJobLost();
        assertThat(grid.fates()).hasSize(jobs.size());
        int placed = 0;
        int refused = 0;
        for (MatchGrid.Fate f : grid.fates().values()) {
            Requirements req = f.job().spec().requirements();
            String context = "seed " + seed + ", job " + f.job().id() + " needing " + req;
            boolean someoneCan = population.stream().anyMatch(c -> Capable.isCapable(c, req));
            if (someoneCan) {
                placed++;
                assertThat(f.finals()).as(context).containsExactly(JobState.COMPLETED);
                assertThat(f.runNodes()).as(context).isNotEmpty().allSatisfy(n -> assertThat(
                        Capable.isCapable(grid.capabilities(n), req)).as(context + ": run node %s with %s", n,
                        grid.capabilities(n)).isTrue());
            } else {
                refused++;
                assertThat(f.finals()).as(context).containsExactly(JobState.NO_MATCH);
                assertThat(f.runNodes()).as(context).isEmpty();
                assertThat(f.reason()).as(context).isNotBlank();
                List<String> beyondAll = beyondEveryNode(req, population);
                if (beyondAll.isEmpty()) {
                    assertThat(constrainedNames(req)).as(context + ": reason '%s'", f.reason())
                            .anySatisfy(name -> assertThat(f.reason()).contains(name));
                } else {
                    assertThat(f.reason()).as(context).contains(beyondAll);
                }
            }
            assertThat(f.rematches()).as(context + ": a settled grid never rematches").isZero();
        }
        assertThat(placed).as("seed %d: jobs placed", seed).isPositive();
        assertThat(refused).as("seed %d: jobs refused", seed).isPositive();
    }

    /**
     * Nodes crash while a workload runs: run nodes, owners, injection nodes and nodes on routing paths
     * alike, some of them together. Owners rematch, run nodes re-route, the client resubmits, the overlay
     * takes the zones over: every job still ends, once, COMPLETED or NO_MATCH (when every node capable of
     * it died).
     */
    @Property(tries = 4, seed = "20261123")
    void crashesDuringAWorkloadLoseNoJob(@ForAll long seed) {
        MatchGrid grid = new MatchGrid(seed);
        List<Capabilities> population = grid.skewedPopulation(60);
        grid.build(population);
        RandomGenerator rnd = new SplitMix64(SplitMix64.derive(seed, 2));
        long start = grid.sim.now();
        long at = start;
        for (int i = 0; i < 60; i++) {
            Requirements req = SmallWorkload.lightlyConstrained(rnd);
            at += (long) (-Math.log(1 - rnd.nextDouble()) * 5_000);
            grid.submit(at, JobSpec.of(req, 100 + rnd.nextInt(300)));
        }
        int crashes = 10;
        for (int i = 0; i < crashes; i++) {
            long when = start + 20_000 + rnd.nextLong(at - start);
            // Every third crash takes a second node down in the same instant.
            int victims = i % 3 == 2 ? 2 : 1;
            grid.sim.at(when, () -> {
                for (int v = 0; v < victims; v++) {
                    grid.sim.crash(grid.randomActive());
                }
            });
        }

        assertThat(grid.runUntilDone(at + 12 * 3_600_000L)).as("seed %d: every job ended", seed).isTrue();

        grid.assertNoJobLost();
        long noMatch = grid.fates().values().stream().filter(f -> f.finals().get(0) == JobState.NO_MATCH).count();
        for (MatchGrid.Fate f : grid.fates(x -> x.finals().get(0) == JobState.COMPLETED)) {
            assertThat(f.runNodes()).as("seed %d: %s ran on capable nodes", seed, f.job().id()).allSatisfy(
                    n -> assertThat(Capable.isCapable(grid.capabilities(n), f.job().spec().requirements())).isTrue());
        }
        assertThat(grid.sim.liveCount()).isEqualTo(population.size() + 1 - 13);
        System.out.printf("crash churn seed %d: %d jobs, %d no-match, %d rematches, %d resubmitted%n", seed,
                grid.fates().size(), noMatch, grid.fates().values().stream().mapToInt(MatchGrid.Fate::rematches).sum(),
                grid.fates().values().stream().filter(f -> f.submissions() > 1).count());
    }

    /**
     * Every other job copies some of one node's capabilities (placeable by construction); the others draw
     * their requirements from the skewed levels (placeable or not), and every third of those asks for more
     * than any node has in one dimension.
     */
    private static Requirements job(int i, RandomGenerator rnd, List<Capabilities> population) {
        double[] req = new double[3];
        if (i % 2 == 0) {
            Capabilities like = population.get(rnd.nextInt(population.size()));
            for (int d = 0; d < 3; d++) {
                req[d] = rnd.nextDouble() < 0.6 ? like.get(d) : 0;
            }
        } else {
            Capabilities drawn = new CapabilityPoints().nextCapabilities(rnd);
            for (int d = 0; d < 3; d++) {
                req[d] = rnd.nextDouble() < 0.8 ? drawn.get(d) : 0;
            }
            if (i % 6 == 5) {
                int d = rnd.nextInt(3);
                req[d] = BEYOND[d];
            }
        }
        return new Requirements(req);
    }

    private static List<String> beyondEveryNode(Requirements req, List<Capabilities> population) {
        List<String> names = new ArrayList<>();
        for (int d = 0; d < req.size(); d++) {
            int dim = d;
            if (req.constrains(d) && population.stream().allMatch(c -> c.get(dim) < req.get(dim))) {
                names.add(MatchGrid.SCHEMA.dimension(d).name());
            }
        }
        return names;
    }

    private static List<String> constrainedNames(Requirements req) {
        List<String> names = new ArrayList<>();
        for (int d = 0; d < req.size(); d++) {
            if (req.constrains(d)) {
                names.add(MatchGrid.SCHEMA.dimension(d).name());
            }
        }
        return names;
    }
}
