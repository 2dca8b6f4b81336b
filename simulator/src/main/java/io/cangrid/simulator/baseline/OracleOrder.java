package io.cangrid.simulator.baseline;

import io.cangrid.jobs.JobProfile;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;

/** Orderings the oracles share. */
final class OracleOrder {

    private OracleOrder() {
    }

    static boolean fasterFreeOrLessLoaded(GlobalView.NodeLoad a, GlobalView.NodeLoad b) {
        boolean aFree = a.queueLength() == 0;
        boolean bFree = b.queueLength() == 0;
        if (aFree != bFree) {
            return aFree;
        }
        if (!aFree && a.queueLength() != b.queueLength()) {
            return a.queueLength() < b.queueLength();
        }
        return a.cpu() > b.cpu();
    }

    /** Shortest queue, ties to the faster cpu, then the first in order. */
    static GlobalView.NodeLoad leastLoaded(List<GlobalView.NodeLoad> capable) {
        GlobalView.NodeLoad best = null;
        for (GlobalView.NodeLoad n : capable) {
            if (best == null || n.queueLength() < best.queueLength()
                    || (n.queueLength() == best.queueLength() && n.cpu() > best.cpu())) {
                best = n;
            }
        }
        return best;
    }

    /** How far the node's normalised capabilities exceed the job's normalised requirements, summed. */
    static double surplus(GlobalView.NodeLoad n, JobProfile job, ResourceSchema schema) {
        double sum = 0;
        for (int d = 0; d < schema.realDimensions(); d++) {
            sum += schema.dimension(d).normalise(n.capabilities().get(d))
                    - schema.dimension(d).normalise(job.spec().requirements().get(d));
        }
        return sum;
    }
}
