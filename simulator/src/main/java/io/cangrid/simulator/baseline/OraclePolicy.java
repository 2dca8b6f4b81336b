package io.cangrid.simulator.baseline;

import io.cangrid.overlay.job.JobProfile;
import java.util.List;

/** How an oracle chooses among the capable live nodes (never empty); returns the chosen one. */
@FunctionalInterface
public interface OraclePolicy {

    GlobalView.NodeLoad choose(JobProfile job, List<GlobalView.NodeLoad> capable);

    /** CENTRAL, the paper's idealised matchmaker: the fastest free node, else the shortest queue (ties: faster). */
    OraclePolicy CENTRAL = (job, capable) -> {
        GlobalView.NodeLoad best = null;
        for (GlobalView.NodeLoad n : capable) {
            if (best == null || fasterFreeOrLessLoaded(n, best)) {
                best = n;
            }
        }
        return best;
    };

    /** CENTRAL-MCT: minimum expected completion time, (queued work + W) / cpu. */
    OraclePolicy CENTRAL_MCT = (job, capable) -> {
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

    private static boolean fasterFreeOrLessLoaded(GlobalView.NodeLoad a, GlobalView.NodeLoad b) {
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
}
