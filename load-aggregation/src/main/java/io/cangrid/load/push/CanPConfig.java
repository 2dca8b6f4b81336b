package io.cangrid.load.push;

import java.util.Objects;

/**
 * A CAN-P locator's policies: the stopping factor SF in (0, 10], the push objective, the stopping rule and
 * the run-node score (design.md §5); the most pushes a job may take, so that stale aggregates
 * cannot bounce it forever; and the refinements of CAN-PX (section 10), each of which can be switched off:
 *
 * @param idleThreshold keep pushing, without the probabilistic stop, while the target region's average
 *                      queue {@code q/n} is below this ("someone above is idle"); 0 switches it off
 * @param bestFit       choose among candidates by shortest queue with a best-fit tie-break (least
 *                      over-provisioned) instead of fastest-free / minimum score
 * @param countSent     count the jobs this node sent to a neighbour in that neighbour's queue until the
 *                      neighbour's next state message, so one stale view does not herd jobs onto one node
 * @param searchBudget  when no capable node around the owner is free, visit up to this many nodes of the
 *                      job's upper orthant nearest first (by distance from the job's point in the real
 *                      dimensions, so the first free node found is close to the best fit) before pushing;
 *                      0 switches it off
 * @param redirects     offer a job to a node that looked free instead of assigning it outright; a node no
 *                      longer free passes the offer to a free capable neighbour, at most this many times
 *                      in a row; 0 switches it off
 * @param rebalance     once per update period, move jobs waiting in this node's queue to capable
 *                      neighbours that have become free
 * @param seekBudget    once per update period, a job still waiting behind another after rebalancing sends a
 *                      search through up to this many nodes of its upper orthant, nearest first, for a free
 *                      capable node to move to; 0 switches it off
 * @param seekWidest    the widest such a search may grow to: each period a job keeps waiting its search
 *                      doubles, from {@code seekBudget} up to this many nodes, so a job whose nearest capable
 *                      nodes stay busy looks further afield; at or below {@code seekBudget} the search never
 *                      grows
 * @param stopCount     which node count is the stopping rule's A ({@link StopCount})
 * @param verify        let searches trust only a node's word about itself: a neighbour that looks free in
 *                      the (possibly a period old) view of the node searching is visited next instead of
 *                      being chosen, and a job's search, or a waiting job's, ends only at a node that is
 *                      itself idle now; so one stale view cannot herd jobs onto a node that is busy
 * @param refit         a node offered a job while free, that sees a free capable neighbour less
 *                      over-provisioned for it than itself, passes the job there (using up one redirect)
 *                      and takes it back should that neighbour be busy after all; so jobs pushed up into
 *                      regions of big machines step back down to a machine their size when one is free
 * @param gentleClimb   push a job toward the upper region nearest its own point among those where someone
 *                      is idle (average queue below {@code idleThreshold}), instead of the region with the
 *                      best objective: quiet regions are often those of large machines, quiet because few
 *                      jobs need them
 * @param soonest       when no capable node is free, queue a job where it starts soonest by the published
 *                      backlogs (running job's rest plus queued work, with work just sent counted) instead of
 *                      behind the shortest queue; and once a period move a waiting job to a capable neighbour
 *                      where it would start in less than half the time it still has to wait here: a job whose
 *                      few capable machines are all busy then waits for the one that frees first
 * @param promptUpdates send changed load aggregates to the lower neighbours at once instead of at the next
 *                      periodic update ({@link io.cangrid.load.PromptLoadUpdates}); on in every preset
 */
public record CanPConfig(double stoppingFactor, PushObjective objective, StoppingRule stopping, RunNodeScore score,
        int maxPushes, double idleThreshold, boolean bestFit, boolean countSent, int searchBudget, int redirects,
        boolean rebalance, boolean promptUpdates, int seekBudget, int seekWidest, StopCount stopCount, boolean verify,
        boolean refit, boolean gentleClimb, boolean soonest) {

    public static final int DEFAULT_MAX_PUSHES = 64;
    public static final double DEFAULT_IDLE_THRESHOLD = 1.0;
    public static final int DEFAULT_SEARCH_BUDGET = 16;
    public static final int MAX_SEARCH_BUDGET = 1024;
    public static final int DEFAULT_REDIRECTS = 2;
    public static final int DEFAULT_SEEK_BUDGET = 32;
    public static final int DEFAULT_SEEK_WIDEST = 256;
    public static final int MAX_REDIRECTS = 16;

    public CanPConfig {
        if (!(stoppingFactor > 0 && stoppingFactor <= 10)) {
            throw new IllegalArgumentException("the stopping factor SF must lie in (0, 10], was " + stoppingFactor);
        }
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(stopping, "stopping");
        Objects.requireNonNull(score, "score");
        Objects.requireNonNull(stopCount, "stopCount");
        if (maxPushes < 1) {
            throw new IllegalArgumentException("max pushes must be at least 1, was " + maxPushes);
        }
        if (searchBudget < 0 || searchBudget > MAX_SEARCH_BUDGET) {
            throw new IllegalArgumentException("the search budget must lie in [0, " + MAX_SEARCH_BUDGET
                    + "] nodes (0 = off), was " + searchBudget);
        }
        if (seekBudget < 0 || seekBudget > MAX_SEARCH_BUDGET) {
            throw new IllegalArgumentException("the seek budget must lie in [0, " + MAX_SEARCH_BUDGET
                    + "] nodes (0 = off), was " + seekBudget);
        }
        if (seekWidest < 0 || seekWidest > MAX_SEARCH_BUDGET) {
            throw new IllegalArgumentException("the widest seek must lie in [0, " + MAX_SEARCH_BUDGET
                    + "] nodes, was " + seekWidest);
        }
        if (redirects < 0 || redirects > MAX_REDIRECTS) {
            throw new IllegalArgumentException("redirects must lie in [0, " + MAX_REDIRECTS + "] (0 = off), was "
                    + redirects);
        }
        if (!(idleThreshold >= 0) || Double.isInfinite(idleThreshold)) {
            throw new IllegalArgumentException("the idle threshold must be a finite value >= 0 (0 = off), was "
                    + idleThreshold);
        }
    }

    /** CAN-P exactly as design.md §5 (the paper's reconstructed formulas) with stopping factor {@code sf}. */
    public static CanPConfig withStoppingFactor(double sf) {
        return new CanPConfig(sf, PushObjective.AVERAGE_OVER_NODES, StoppingRule.R4B, RunNodeScore.QUEUE_PER_CPU,
                DEFAULT_MAX_PUSHES, 0, false, false, 0, 0, false, true, 0, 0, StopCount.HERE, false, false, false,
                false);
    }

    /**
     * CAN-P as shipped with stopping factor {@code sf}: section 5 calibrated against the published ratios
     * (design.md §10) — no probabilistic stop while the target region's average queue is below
     * {@link #DEFAULT_IDLE_THRESHOLD}, the objective {@code q/n} that goes with it, shortest queue with
     * best-fit ties among candidates, and jobs just sent counted until the next update.
     */
    public static CanPConfig calibrated(double sf) {
        return new CanPConfig(sf, PushObjective.AVERAGE, StoppingRule.R4B, RunNodeScore.QUEUE_PER_CPU,
                DEFAULT_MAX_PUSHES, DEFAULT_IDLE_THRESHOLD, true, true, 0, 0, false, true, 0, 0, StopCount.TARGET,
                false, false, false, false);
    }

    /**
     * CAN-PX: calibrated CAN-P2 plus offers that a node no longer free redirects to a free neighbour, free
     * nodes that pass an offer down to a better-fitting free neighbour (refit), and waiting jobs moving to
     * neighbours that become free or that their widening searches find. The nearest-first search is
     * available ({@link #withSearchBudget}, with {@link #withVerify}) but off: measured, it cost more
     * matchmaking than it saved in waiting.
     */
    public static CanPConfig px() {
        return calibrated(2).withStopCount(StopCount.HERE).withRedirects(DEFAULT_REDIRECTS).withRebalance(true)
                .withSeekBudget(DEFAULT_SEEK_BUDGET).withSeekWidest(DEFAULT_SEEK_WIDEST).withRefit(true);
    }

    public CanPConfig withIdleThreshold(double theta) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, theta, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withBestFit(boolean on) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, on, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withCountSent(boolean on) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, on,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withSearchBudget(int nodes) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                nodes, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withStopCount(StopCount count) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, count, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withSeekBudget(int nodes) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, nodes, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withSeekWidest(int nodes) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, nodes, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    /** The budget of a waiting job's search in its {@code round}-th period of waiting (the first is 0). */
    public int seekBudgetInRound(int round) {
        int budget = seekBudget;
        for (int i = 0; i < round && budget < seekWidest; i++) {
            budget = Math.min(seekWidest, 2 * budget);
        }
        return budget;
    }

    public CanPConfig withVerify(boolean on) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, on, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withRefit(boolean on) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, on,
                gentleClimb, soonest);
    }

    public CanPConfig withGentleClimb(boolean on) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                on, soonest);
    }

    public CanPConfig withSoonest(boolean on) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, on);
    }

    public CanPConfig withPromptUpdates(boolean on) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, on, seekBudget, seekWidest, stopCount, verify, refit, gentleClimb,
                soonest);
    }

    public CanPConfig withRebalance(boolean on) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, on, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withRedirects(int times) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, times, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withMaxPushes(int pushes) {
        return new CanPConfig(stoppingFactor, objective, stopping, score, pushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withObjective(PushObjective o) {
        return new CanPConfig(stoppingFactor, o, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withStopping(StoppingRule rule) {
        return new CanPConfig(stoppingFactor, objective, rule, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withScore(RunNodeScore s) {
        return new CanPConfig(stoppingFactor, objective, stopping, s, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }

    public CanPConfig withStoppingFactorValue(double sf) {
        return new CanPConfig(sf, objective, stopping, score, maxPushes, idleThreshold, bestFit, countSent,
                searchBudget, redirects, rebalance, promptUpdates, seekBudget, seekWidest, stopCount, verify, refit,
                gentleClimb, soonest);
    }
}
