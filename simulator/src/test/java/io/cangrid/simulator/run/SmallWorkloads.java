package io.cangrid.simulator.run;

import io.cangrid.can.sim.SmallWorkload;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.simulator.workload.ChurnEvent;
import io.cangrid.simulator.workload.JobArrival;
import io.cangrid.simulator.workload.Workload;
import java.util.List;

/** Small skewed grids and lightly constrained jobs, enough to exercise the life cycle end to end. */
final class SmallWorkloads {

    private SmallWorkloads() {
    }

    /**
     * {@code nodes} skewed nodes and {@code jobs} jobs arriving every {@code gapMillis} on average, each
     * resource constrained with probability 1.3/3 at a level some node has ({@link SmallWorkload}); plus
     * {@code churn} events.
     */
    static Workload of(long seed, int nodes, int jobs, long gapMillis, List<ChurnEvent> churn) {
        SmallWorkload drawn = SmallWorkload.of(seed, nodes, jobs, gapMillis);
        List<JobArrival> arrivals = drawn.arrivals().stream().map(a -> new JobArrival(a.at(), a.spec())).toList();
        return new Workload(ResourceSchema.defaultSchema(), drawn.population(), arrivals, churn);
    }
}
