package io.cangrid.simulator.baseline;

import io.cangrid.jobs.JobProfile;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;

/** Orderings the oracles share. */
final class OracleOrder {

    private OracleOrder() {
    }

    /** Free for {@code job} first (it fits at once), the faster of those; else the shorter queue, ties faster. */
    static boolean fasterFreeOrLessLoaded(GlobalView.NodeLoad a, GlobalView.NodeLoad b, JobProfile job) {
        boolean aFree = a.fits(job.spec());
        boolean bFree = b.fits(job.spec());
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

    /**
     * How far the node's normalised capabilities exceed the job's normalised requirements, summed. Where the
     * schema has a cores dimension the node offers its free cores and free memory there, not what it has in
     * all: the tightest fit then packs jobs onto partly used machines and keeps whole ones for wide jobs.
     */
    static double surplus(GlobalView.NodeLoad n, JobProfile job, ResourceSchema schema) {
        int coresDimension = schema.indexOf(ResourceSchema.CORES);
        // Memory is offered by what is free only where cores are a dimension: the papers' space stays as it was.
        int memoryDimension = coresDimension < 0 ? -1 : schema.indexOf(ResourceSchema.MEMORY);
        double sum = 0;
        for (int d = 0; d < schema.realDimensions(); d++) {
            double offered = n.capabilities().get(d);
            if (d == coresDimension) {
                offered = n.freeCores();
            } else if (d == memoryDimension && n.freeMemoryMiB() >= 0) {
                offered = n.freeMemoryMiB();
            }
            sum += schema.dimension(d).normalise(offered)
                    - schema.dimension(d).normalise(job.spec().requirements().get(d));
        }
        return sum;
    }
}
