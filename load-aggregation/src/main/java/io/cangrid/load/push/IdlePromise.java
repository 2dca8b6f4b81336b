package io.cangrid.load.push;

import io.cangrid.overlay.NodeContext;
import io.cangrid.jobs.RunQueue;

/**
 * A node's own word that it is idle, as CAN-PX's verifying searches ask for it: given to one job at a
 * time. Between the word and the job's arrival a second search could hear the same word, and the two jobs
 * would then queue one behind the other; so after promising, the node counts as busy to other searches
 * until a job arrives or {@link #WINDOW_MILLIS} pass.
 */
final class IdlePromise {

    /** Long enough for an answer to reach a waiting job's node and the job to come back, many times over. */
    static final long WINDOW_MILLIS = 2_000;

    private final NodeContext ctx;
    private final RunQueue queue;
    private long promisedUntil = Long.MIN_VALUE;

    IdlePromise(NodeContext ctx, RunQueue queue) {
        this.ctx = ctx;
        this.queue = queue;
    }

    /** Promises this node to one job if it is idle and not promised already; true if it did. */
    boolean give() {
        long now = ctx.now();
        if (queue.coresForNewcomer() == 0 || now < promisedUntil) {
            return false;
        }
        promisedUntil = now + WINDOW_MILLIS;
        return true;
    }

    /** The queue changed: from now on it speaks for itself. */
    void queueChanged() {
        promisedUntil = Long.MIN_VALUE;
    }
}
