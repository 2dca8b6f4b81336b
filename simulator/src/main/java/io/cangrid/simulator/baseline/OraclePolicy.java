package io.cangrid.simulator.baseline;

import io.cangrid.jobs.JobProfile;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * How an oracle chooses among the capable live nodes (never empty), design.md §8. {@code random} is
 * the deciding node's own source, so oracles that draw stay reproducible.
 */
@FunctionalInterface
public interface OraclePolicy {

    GlobalView.NodeLoad choose(JobProfile job, List<GlobalView.NodeLoad> capable, ResourceSchema schema,
            RandomGenerator random);

    /**
     * CENTRAL, the paper's idealised matchmaker: the fastest free node, else the shortest queue (ties: faster).
     * Free means the job fits at once in the node's free cores and memory: an empty queue on a one-core node.
     */
    OraclePolicy CENTRAL = (job, capable, schema, random) -> {
        GlobalView.NodeLoad best = null;
        for (GlobalView.NodeLoad n : capable) {
            if (best == null || OracleOrder.fasterFreeOrLessLoaded(n, best, job)) {
                best = n;
            }
        }
        return best;
    };

    /** CENTRAL-MCT: minimum expected completion time, (queued work + W) / cpu. */
    OraclePolicy CENTRAL_MCT = (job, capable, schema, random) -> {
        GlobalView.NodeLoad best = null;
        double bestTime = Double.POSITIVE_INFINITY;
        for (GlobalView.NodeLoad n : capable) {
            double completion = n.backlogSeconds() + job.spec().work() / n.cpu();
            if (completion < bestTime) {
                bestTime = completion;
                best = n;
            }
        }
        return best;
    };

    /**
     * CENTRAL-BESTFIT: the free capable node least over-provisioned for the job (smallest normalised surplus
     * over its requirements, counting free cores and memory where cores are a dimension: packing; ties:
     * faster), else the least loaded capable node.
     */
    OraclePolicy CENTRAL_BESTFIT = (job, capable, schema, random) -> {
        GlobalView.NodeLoad best = null;
        double bestSurplus = Double.POSITIVE_INFINITY;
        for (GlobalView.NodeLoad n : capable) {
            if (!n.fits(job.spec())) {
                continue;
            }
            double surplus = OracleOrder.surplus(n, job, schema);
            if (surplus < bestSurplus || (surplus == bestSurplus && n.cpu() > best.cpu())) {
                bestSurplus = surplus;
                best = n;
            }
        }
        return best != null ? best : OracleOrder.leastLoaded(capable);
    };

    /** CENTRAL-RANDFREE: a uniformly random free capable node, else the least loaded capable node. */
    OraclePolicy CENTRAL_RANDFREE = (job, capable, schema, random) -> {
        List<GlobalView.NodeLoad> free = new ArrayList<>();
        for (GlobalView.NodeLoad n : capable) {
            if (n.fits(job.spec())) {
                free.add(n);
            }
        }
        return free.isEmpty() ? OracleOrder.leastLoaded(capable) : free.get(random.nextInt(free.size()));
    };
}
