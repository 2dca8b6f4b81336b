package io.cangrid.load.push;

import io.cangrid.load.push.CanPOption.Kind;
import java.util.List;
import java.util.Optional;

/**
 * Every option a CAN-P locator takes, in one table: scenarios set options through it, and design.md's list
 * of CAN-P options is checked against it. A new option is a component of one of {@link CanPConfig}'s groups
 * and one row here. {@code paper} comes first: it replaces the whole configuration, so it is applied before
 * the others.
 */
public final class CanPOptionTable {

    private static final Kind<PushObjective> OBJECTIVE = Kind.policy(PushObjective.values(),
            PushObjective::policyName, PushObjective::parse);
    private static final Kind<StoppingRule> STOPPING_RULE = Kind.policy(StoppingRule.values(),
            StoppingRule::policyName, StoppingRule::parse);
    private static final Kind<StopCount> STOP_COUNT = Kind.policy(StopCount.values(), StopCount::policyName,
            StopCount::parse);
    private static final Kind<RunNodeScore> SCORE = Kind.policy(RunNodeScore.values(), RunNodeScore::policyName,
            RunNodeScore::parse);

    public static final List<CanPOption<?>> OPTIONS = List.<CanPOption<?>>of(
            new CanPOption<>("paper", Kind.SWITCH,
                    "start from section 5 as reconstructed, every calibration and refinement off, with the"
                            + " locator's stopping factor; the other options apply after it",
                    c -> c.equals(CanPConfig.withStoppingFactor(c.stop().factor())),
                    (c, on) -> on ? CanPConfig.withStoppingFactor(c.stop().factor()) : c),

            // When a push stops.
            new CanPOption<>("sf", Kind.NUMBER, "the stopping factor SF, in (0, 10]: a higher SF pushes further",
                    c -> c.stop().factor(), (c, v) -> c.withStop(s -> s.withFactor(v))),
            new CanPOption<>("stopping", STOPPING_RULE, "the stopping probability (Eq. 4)",
                    c -> c.stop().rule(), (c, v) -> c.withStop(s -> s.withRule(v))),
            new CanPOption<>("stopCount", STOP_COUNT,
                    "which node count is the stopping rule's A: above the pushing node, or at and above the target"
                            + " neighbour",
                    c -> c.stop().count(), (c, v) -> c.withStop(s -> s.withCount(v))),
            new CanPOption<>("idle", Kind.NUMBER,
                    "keep pushing, without the probabilistic stop, while the target region's average queue q/n is"
                            + " below this (someone above is idle); 0 switches it off",
                    c -> c.stop().idleThreshold(), (c, v) -> c.withStop(s -> s.withIdleThreshold(v))),
            new CanPOption<>("maxPushes", Kind.WHOLE,
                    "the most pushes a job may take, so that stale aggregates cannot bounce it forever",
                    c -> c.stop().maxPushes(), (c, v) -> c.withStop(s -> s.withMaxPushes(v))),

            // Where a job is pushed.
            new CanPOption<>("objective", OBJECTIVE, "the push objective (Eq. 3) ranking the upper neighbours' regions",
                    c -> c.push().objective(), (c, v) -> c.withPush(p -> p.withObjective(v))),
            new CanPOption<>("gentleClimb", Kind.SWITCH,
                    "push toward the upper region nearest the job's own point among those where someone is idle"
                            + " (average queue below idle), instead of the region with the best objective",
                    c -> c.push().gentleClimb(), (c, v) -> c.withPush(p -> p.withGentleClimb(v))),
            new CanPOption<>("prompt", Kind.SWITCH,
                    "send changed load aggregates to the lower neighbours at once instead of at the next periodic"
                            + " update",
                    c -> c.push().promptUpdates(), (c, v) -> c.withPush(p -> p.withPromptUpdates(v))),

            // Which capable node a job goes to.
            new CanPOption<>("score", SCORE, "the run-node score (Eq. 5) of capable candidates; the minimum wins",
                    c -> c.choice().score(), (c, v) -> c.withChoice(ch -> ch.withScore(v))),
            new CanPOption<>("bestFit", Kind.SWITCH,
                    "choose among candidates by shortest queue with a best-fit tie-break (least over-provisioned),"
                            + " free ones first, instead of fastest free, else minimum score",
                    c -> c.choice().bestFit(), (c, v) -> c.withChoice(ch -> ch.withBestFit(v))),
            new CanPOption<>("countSent", Kind.SWITCH,
                    "count the jobs sent to a neighbour in its queue until its next state message, so one stale"
                            + " view does not herd jobs onto one node",
                    c -> c.choice().countSent(), (c, v) -> c.withChoice(ch -> ch.withCountSent(v))),
            new CanPOption<>("soonest", Kind.SWITCH,
                    "when no capable node is free, queue a job where it starts soonest by the published backlogs,"
                            + " and once a period move a waiting job to a capable neighbour where it would start in"
                            + " less than half the time it still has to wait",
                    c -> c.choice().soonest(), (c, v) -> c.withChoice(ch -> ch.withSoonest(v))),

            // CAN-PX: offers.
            new CanPOption<>("redirects", Kind.WHOLE,
                    "offer a job to a node that looked free instead of assigning it outright; a node no longer free"
                            + " passes the offer to a free capable neighbour, at most this many times in a row;"
                            + " 0 switches it off",
                    c -> c.offers().redirects(), (c, v) -> c.withOffers(o -> o.withRedirects(v))),
            new CanPOption<>("refit", Kind.SWITCH,
                    "a node offered a job while free passes it to a free capable neighbour less over-provisioned"
                            + " for it (using up one redirect) and takes it back should that neighbour be busy",
                    c -> c.offers().refit(), (c, v) -> c.withOffers(o -> o.withRefit(v))),

            // CAN-PX: waiting jobs.
            new CanPOption<>("rebalance", Kind.SWITCH,
                    "once per update period, and when a neighbour says it is free, move jobs waiting in the queue"
                            + " to capable neighbours that have become free",
                    c -> c.waiting().rebalance(), (c, v) -> c.withWaiting(w -> w.withRebalance(v))),
            new CanPOption<>("seek", Kind.WHOLE,
                    "a job that starts waiting, and once per update period every job still waiting, searches up to"
                            + " this many nodes of its upper orthant, nearest first, for a free capable node to move"
                            + " to; 0 switches it off",
                    c -> c.waiting().seekBudget(), (c, v) -> c.withWaiting(w -> w.withSeekBudget(v))),
            new CanPOption<>("seekWidest", Kind.WHOLE,
                    "the widest a waiting job's search grows to: it doubles each period the job keeps waiting, from"
                            + " seek up to this many nodes; at or below seek it never grows",
                    c -> c.waiting().seekWidest(), (c, v) -> c.withWaiting(w -> w.withSeekWidest(v))),
            new CanPOption<>("seekPerPeriod", Kind.WHOLE,
                    "the most searches a node starts for its waiting jobs in one update period, first in the queue"
                            + " first, however many wait; 0: no bound",
                    c -> c.waiting().seekPerPeriod(), (c, v) -> c.withWaiting(w -> w.withSeekPerPeriod(v))),

            // CAN-PX: the nearest-first search.
            new CanPOption<>("search", Kind.WHOLE,
                    "when no capable node around the owner is free, visit up to this many nodes of the job's upper"
                            + " orthant, nearest first, before pushing; 0 switches it off",
                    c -> c.search().budget(), (c, v) -> c.withSearch(s -> s.withBudget(v))),
            new CanPOption<>("verify", Kind.SWITCH,
                    "searches, the nearest-first one and waiting jobs', trust only a node's word about itself: they"
                            + " end only at a node that is idle by its own word",
                    c -> c.search().verify(), (c, v) -> c.withSearch(s -> s.withVerify(v))));

    private CanPOptionTable() {
    }

    /** The option named {@code name} (as a scenario writes it, case included), if there is one. */
    public static Optional<CanPOption<?>> find(String name) {
        for (CanPOption<?> o : OPTIONS) {
            if (o.name().equals(name)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    /** The options' names, in the table's order. */
    public static List<String> names() {
        return OPTIONS.stream().map(CanPOption::name).toList();
    }
}
