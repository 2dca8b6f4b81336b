package io.cangrid.load.push;

import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A CAN-P locator's policies (design.md §5), grouped by what they decide: where a job is pushed
 * ({@link Push}), when the pushing stops ({@link Stop}), which capable node a job goes to ({@link Choice}),
 * and CAN-PX's refinements: what becomes of a job offered to a node that looked free ({@link Offers}), of
 * jobs waiting in a queue ({@link Waiting}), and the nearest-first search for a free node ({@link Search}).
 * Each component is described under its scenario option name in {@link CanPOptionTable}; every refinement
 * can be switched off there.
 */
public record CanPConfig(Push push, Stop stop, Choice choice, Offers offers, Waiting waiting, Search search) {

    public static final int DEFAULT_MAX_PUSHES = 64;
    public static final double DEFAULT_IDLE_THRESHOLD = 1.0;
    public static final int DEFAULT_SEARCH_BUDGET = 16;
    public static final int MAX_SEARCH_BUDGET = 1024;
    public static final int DEFAULT_REDIRECTS = 2;
    public static final int DEFAULT_SEEK_BUDGET = 32;
    public static final int DEFAULT_SEEK_WIDEST = 256;
    /**
     * Searches a node starts for its waiting jobs per update period, by default. At light and medium load a
     * node rarely has more jobs waiting; in a grid given far more jobs than it has cores, every job waits,
     * and searches that cannot find a free node would otherwise cost each node the length of its queue times
     * the search's reach in messages every period.
     */
    public static final int DEFAULT_SEEKS_PER_PERIOD = 8;
    public static final int MAX_SEEKS_PER_PERIOD = 1024;
    public static final int MAX_REDIRECTS = 16;

    public CanPConfig {
        Objects.requireNonNull(push, "push");
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(choice, "choice");
        Objects.requireNonNull(offers, "offers");
        Objects.requireNonNull(waiting, "waiting");
        Objects.requireNonNull(search, "search");
    }

    /**
     * Where a job is pushed: the objective (Eq. 3) ranking the upper neighbours' regions, or with
     * {@code gentleClimb} the region nearest the job's point among those where someone is idle; and whether
     * changed aggregates reach the lower neighbours at once ({@code promptUpdates}) rather than a period later.
     */
    public record Push(PushObjective objective, boolean gentleClimb, boolean promptUpdates) {

        public Push {
            Objects.requireNonNull(objective, "objective");
        }

        public Push withObjective(PushObjective o) {
            return new Push(o, gentleClimb, promptUpdates);
        }

        public Push withGentleClimb(boolean on) {
            return new Push(objective, on, promptUpdates);
        }

        public Push withPromptUpdates(boolean on) {
            return new Push(objective, gentleClimb, on);
        }
    }

    /**
     * When a push stops: with the probability of the stopping {@code rule} (Eq. 4) for stopping factor
     * {@code factor} SF in (0, 10] and the node {@code count} A, unless the target region's average queue is
     * below {@code idleThreshold} (0 = off); and always after {@code maxPushes}, so that stale aggregates
     * cannot bounce a job forever.
     */
    public record Stop(double factor, StoppingRule rule, StopCount count, double idleThreshold, int maxPushes) {

        public Stop {
            if (!(factor > 0 && factor <= 10)) {
                throw new IllegalArgumentException("the stopping factor SF must lie in (0, 10], was " + factor);
            }
            Objects.requireNonNull(rule, "stopping");
            Objects.requireNonNull(count, "stopCount");
            if (maxPushes < 1) {
                throw new IllegalArgumentException("max pushes must be at least 1, was " + maxPushes);
            }
            if (!(idleThreshold >= 0) || Double.isInfinite(idleThreshold)) {
                throw new IllegalArgumentException("the idle threshold must be a finite value >= 0 (0 = off), was "
                        + idleThreshold);
            }
        }

        public Stop withFactor(double sf) {
            return new Stop(sf, rule, count, idleThreshold, maxPushes);
        }

        public Stop withRule(StoppingRule r) {
            return new Stop(factor, r, count, idleThreshold, maxPushes);
        }

        public Stop withCount(StopCount c) {
            return new Stop(factor, rule, c, idleThreshold, maxPushes);
        }

        public Stop withIdleThreshold(double theta) {
            return new Stop(factor, rule, count, theta, maxPushes);
        }

        public Stop withMaxPushes(int pushes) {
            return new Stop(factor, rule, count, idleThreshold, pushes);
        }
    }

    /**
     * Which capable node a job goes to: the run-node {@code score} (Eq. 5), or with {@code bestFit} the
     * shortest queue with a best-fit tie-break, or with {@code soonest} where it starts soonest; with
     * {@code countSent}, the jobs just sent to a neighbour count in its queue until it speaks again.
     */
    public record Choice(RunNodeScore score, boolean bestFit, boolean countSent, boolean soonest) {

        public Choice {
            Objects.requireNonNull(score, "score");
        }

        public Choice withScore(RunNodeScore s) {
            return new Choice(s, bestFit, countSent, soonest);
        }

        public Choice withBestFit(boolean on) {
            return new Choice(score, on, countSent, soonest);
        }

        public Choice withCountSent(boolean on) {
            return new Choice(score, bestFit, on, soonest);
        }

        public Choice withSoonest(boolean on) {
            return new Choice(score, bestFit, countSent, on);
        }
    }

    /**
     * CAN-PX's offers: a job for a node that looked free goes as an offer, passed on at most
     * {@code redirects} times (0 = off) by nodes no longer free, or with {@code refit} by free nodes that see
     * a free neighbour fitting the job better.
     */
    public record Offers(int redirects, boolean refit) {

        public static final Offers NONE = new Offers(0, false);

        public Offers {
            if (redirects < 0 || redirects > MAX_REDIRECTS) {
                throw new IllegalArgumentException("redirects must lie in [0, " + MAX_REDIRECTS
                        + "] (0 = off), was " + redirects);
            }
        }

        public Offers withRedirects(int times) {
            return new Offers(times, refit);
        }

        public Offers withRefit(boolean on) {
            return new Offers(redirects, on);
        }
    }

    /**
     * CAN-PX's care of waiting jobs: moved to capable neighbours that become free ({@code rebalance}), and
     * searching their upper orthant once per period through {@code seekBudget} nodes (0 = off), a search that
     * doubles each period a job keeps waiting, up to {@code seekWidest} nodes; a node starts at most
     * {@code seekPerPeriod} such searches an update period (0 = no bound), however many jobs wait in its queue.
     */
    public record Waiting(boolean rebalance, int seekBudget, int seekWidest, int seekPerPeriod) {

        public static final Waiting NONE = new Waiting(false, 0, 0, 0);

        public Waiting {
            if (seekBudget < 0 || seekBudget > MAX_SEARCH_BUDGET) {
                throw new IllegalArgumentException("the seek budget must lie in [0, " + MAX_SEARCH_BUDGET
                        + "] nodes (0 = off), was " + seekBudget);
            }
            if (seekWidest < 0 || seekWidest > MAX_SEARCH_BUDGET) {
                throw new IllegalArgumentException("the widest seek must lie in [0, " + MAX_SEARCH_BUDGET
                        + "] nodes, was " + seekWidest);
            }
            if (seekPerPeriod < 0 || seekPerPeriod > MAX_SEEKS_PER_PERIOD) {
                throw new IllegalArgumentException("the searches a node starts per period must lie in [0, "
                        + MAX_SEEKS_PER_PERIOD + "] (0 = no bound), was " + seekPerPeriod);
            }
        }

        public Waiting withRebalance(boolean on) {
            return new Waiting(on, seekBudget, seekWidest, seekPerPeriod);
        }

        public Waiting withSeekBudget(int nodes) {
            return new Waiting(rebalance, nodes, seekWidest, seekPerPeriod);
        }

        public Waiting withSeekWidest(int nodes) {
            return new Waiting(rebalance, seekBudget, nodes, seekPerPeriod);
        }

        public Waiting withSeekPerPeriod(int searches) {
            return new Waiting(rebalance, seekBudget, seekWidest, searches);
        }

        /** Whether a node that started {@code started} searches this period may start another. */
        public boolean maySeekAfter(int started) {
            return seekPerPeriod == 0 || started < seekPerPeriod;
        }

        /** The budget of a waiting job's search in its {@code round}-th period of waiting (the first is 0). */
        public int seekBudgetInRound(int round) {
            int budget = seekBudget;
            for (int i = 0; i < round && budget < seekWidest; i++) {
                budget = Math.min(seekWidest, 2 * budget);
            }
            return budget;
        }
    }

    /**
     * CAN-PX's nearest-first search: with no capable node free around the owner, up to {@code budget} nodes of
     * the job's upper orthant are visited before pushing (0 = off); with {@code verify}, this search and
     * waiting jobs' searches trust only a node's word about itself.
     */
    public record Search(int budget, boolean verify) {

        public static final Search NONE = new Search(0, false);

        public Search {
            if (budget < 0 || budget > MAX_SEARCH_BUDGET) {
                throw new IllegalArgumentException("the search budget must lie in [0, " + MAX_SEARCH_BUDGET
                        + "] nodes (0 = off), was " + budget);
            }
        }

        public Search withBudget(int nodes) {
            return new Search(nodes, verify);
        }

        public Search withVerify(boolean on) {
            return new Search(budget, on);
        }
    }

    /** CAN-P exactly as design.md §5 (the paper's reconstructed formulas) with stopping factor {@code sf}. */
    public static CanPConfig withStoppingFactor(double sf) {
        return new CanPConfig(new Push(PushObjective.AVERAGE_OVER_NODES, false, true),
                new Stop(sf, StoppingRule.R4B, StopCount.HERE, 0, DEFAULT_MAX_PUSHES),
                new Choice(RunNodeScore.QUEUE_PER_CPU, false, false, false), Offers.NONE, Waiting.NONE, Search.NONE);
    }

    /**
     * CAN-P as shipped with stopping factor {@code sf}: section 5 calibrated against the published ratios
     * (design.md §10) — no probabilistic stop while the target region's average queue is below
     * {@link #DEFAULT_IDLE_THRESHOLD}, the objective {@code q/n} that goes with it, the node count at the
     * target as the stopping rule's A, shortest queue with best-fit ties among candidates, and jobs just sent
     * counted until the next update.
     */
    public static CanPConfig calibrated(double sf) {
        return new CanPConfig(new Push(PushObjective.AVERAGE, false, true),
                new Stop(sf, StoppingRule.R4B, StopCount.TARGET, DEFAULT_IDLE_THRESHOLD, DEFAULT_MAX_PUSHES),
                new Choice(RunNodeScore.QUEUE_PER_CPU, true, true, false), Offers.NONE, Waiting.NONE, Search.NONE);
    }

    /**
     * CAN-PX: calibrated CAN-P2, with the stop counted above the pushing node, plus offers that a node no
     * longer free redirects to a free neighbour, free nodes that pass an offer down to a better-fitting free
     * neighbour (refit), and waiting jobs moving to neighbours that become free or that their widening
     * searches find. The nearest-first search is available ({@link Search}, with its {@code verify}) but off:
     * measured, it cost more matchmaking than it saved in waiting.
     */
    public static CanPConfig px() {
        return calibrated(2).withStop(s -> s.withCount(StopCount.HERE))
                .withOffers(o -> o.withRedirects(DEFAULT_REDIRECTS).withRefit(true))
                .withWaiting(w -> w.withRebalance(true).withSeekBudget(DEFAULT_SEEK_BUDGET)
                        .withSeekWidest(DEFAULT_SEEK_WIDEST).withSeekPerPeriod(DEFAULT_SEEKS_PER_PERIOD));
    }

    public CanPConfig withPush(UnaryOperator<Push> change) {
        return new CanPConfig(change.apply(push), stop, choice, offers, waiting, search);
    }

    public CanPConfig withStop(UnaryOperator<Stop> change) {
        return new CanPConfig(push, change.apply(stop), choice, offers, waiting, search);
    }

    public CanPConfig withChoice(UnaryOperator<Choice> change) {
        return new CanPConfig(push, stop, change.apply(choice), offers, waiting, search);
    }

    public CanPConfig withOffers(UnaryOperator<Offers> change) {
        return new CanPConfig(push, stop, choice, change.apply(offers), waiting, search);
    }

    public CanPConfig withWaiting(UnaryOperator<Waiting> change) {
        return new CanPConfig(push, stop, choice, offers, change.apply(waiting), search);
    }

    public CanPConfig withSearch(UnaryOperator<Search> change) {
        return new CanPConfig(push, stop, choice, offers, waiting, change.apply(search));
    }
}
