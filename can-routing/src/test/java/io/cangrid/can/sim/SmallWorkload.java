package io.cangrid.can.sim;

import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A small skewed grid and lightly constrained jobs, drawn from one seed: enough to exercise matchmaking and the
 * job life cycle end to end. Nodes are skewed like desktop machines ({@link CapabilityPoints}); jobs arrive after
 * exponential gaps, each resource constrained with probability 1.3/3 at a level drawn like a node's, and hold
 * their run node 600 to 1800 s. The tests of several modules draw their workloads here, so that one seed means
 * one workload wherever it runs.
 */
public record SmallWorkload(List<Capabilities> population, List<Arrival> arrivals) {

    private static final CapabilityPoints LEVELS = new CapabilityPoints();
    private static final double CONSTRAINED = 1.3 / 3;

    /** A job and when it arrives, in ms from the start of the workload. */
    public record Arrival(long at, JobSpec spec) {
    }

    public SmallWorkload {
        population = List.copyOf(population);
        arrivals = List.copyOf(arrivals);
    }

    /** {@code nodes} skewed nodes, then {@code jobs} jobs arriving every {@code meanGapMillis} on average. */
    public static SmallWorkload of(long seed, int nodes, int jobs, long meanGapMillis) {
        RandomGenerator random = new SplitMix64(seed);
        List<Capabilities> population = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) {
            population.add(LEVELS.nextCapabilities(random));
        }
        List<Arrival> arrivals = new ArrayList<>(jobs);
        long t = 0;
        for (int i = 0; i < jobs; i++) {
            t += (long) (-Math.log(1 - random.nextDouble()) * meanGapMillis);
            Requirements req = lightlyConstrained(random);
            arrivals.add(new Arrival(t, JobSpec.of(req, 600 + random.nextDouble() * 1200)));
        }
        return new SmallWorkload(population, arrivals);
    }

    /** Requirements drawn like a node's capabilities, each resource constrained with probability 1.3/3. */
    public static Requirements lightlyConstrained(RandomGenerator random) {
        Capabilities like = LEVELS.nextCapabilities(random);
        double[] req = new double[like.size()];
        for (int d = 0; d < req.length; d++) {
            req[d] = random.nextDouble() < CONSTRAINED ? like.get(d) : 0;
        }
        return new Requirements(req);
    }
}
