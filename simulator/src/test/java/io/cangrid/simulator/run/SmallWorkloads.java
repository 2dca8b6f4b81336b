package io.cangrid.simulator.run;

import io.cangrid.can.sim.CapabilityPoints;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.SplitMix64;
import io.cangrid.simulator.workload.ChurnEvent;
import io.cangrid.simulator.workload.JobArrival;
import io.cangrid.simulator.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/** Small skewed grids and lightly constrained jobs, enough to exercise the life cycle end to end. */
final class SmallWorkloads {

    private SmallWorkloads() {
    }

    /**
     * {@code nodes} skewed nodes and {@code jobs} jobs arriving every {@code gapMillis} on average, each
     * resource constrained with probability 1.3/3 at a level some node has; plus {@code churn} events.
     */
    static Workload of(long seed, int nodes, int jobs, long gapMillis, List<ChurnEvent> churn) {
        RandomGenerator r = new SplitMix64(seed);
        CapabilityPoints levels = new CapabilityPoints();
        List<Capabilities> population = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            population.add(levels.nextCapabilities(r));
        }
        List<JobArrival> arrivals = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < jobs; i++) {
            t += (long) (-Math.log(1 - r.nextDouble()) * gapMillis);
            Capabilities like = levels.nextCapabilities(r);
            double[] req = new double[3];
            for (int d = 0; d < 3; d++) {
                req[d] = r.nextDouble() < 1.3 / 3 ? like.get(d) : 0;
            }
            double work = 600 + r.nextDouble() * 1200;
            arrivals.add(new JobArrival(t, JobSpec.of(new Requirements(req), work)));
        }
        return new Workload(ResourceSchema.defaultSchema(), population, arrivals, churn);
    }
}
