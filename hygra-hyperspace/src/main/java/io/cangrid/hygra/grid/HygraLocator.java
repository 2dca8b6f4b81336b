package io.cangrid.hygra.grid;

import io.cangrid.hygra.message.FindFailure;
import io.cangrid.hygra.message.FindOutcome;
import io.cangrid.hygra.protocol.DeadEndStrategy;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Timer;
import io.cangrid.jobs.Capable;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOverlay;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.Locator;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.Capabilities;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HYGRA as the locator of the job life cycle: the owner runs Algorithm 3 from itself toward the job's
 * point, asking for a capable node with a free run slot. The search ends with the host it found; failing
 * that, with the least busy capable node it passed (its fallback); failing that, it is tried again, up to
 * {@link HygraGridConfig#searchAttempts()} searches, unless it was a Backtracking search that walked back
 * to its start, which has seen every node it could reach. Only then does the job end NO_MATCH. A search
 * whose outcome does not come back in time (a link died on its way) counts as one attempt.
 */
public final class HygraLocator implements Locator {

    private static final Logger log = LoggerFactory.getLogger(HygraLocator.class);

    private record Search(long id, JobProfile job, NodeId owner, MatchTrace trace, int attempt, Timer timeout) {
    }

    private final NodeContext ctx;
    private final HygraOverlay overlay;
    private final JobAgent agent;
    private final Map<Long, Search> searches = new HashMap<>();
    private final Map<JobId, Long> searchOf = new HashMap<>();
    /** Searches a job has had since it was last dispatched; survives the owner's impatient re-matches. */
    private final Map<JobId, Integer> attemptsOf = new HashMap<>();
    private long lastSearch;

    HygraLocator(NodeContext ctx, HygraOverlay overlay, JobAgent agent) {
        this.ctx = ctx;
        this.overlay = overlay;
        this.agent = agent;
        overlay.onOutcome(this::outcome);
    }

    public static LocatorFactory<HygraOverlay> factory() {
        return HygraLocator::new;
    }

    @Override
    public void match(JobProfile job, NodeId owner, MatchTrace trace) {
        if (searchOf.containsKey(job.id())) {
            // The owner re-matches a job it has not heard of for a while, and a long search is silent: the
            // search under way goes on, and ends the job as it would have.
            log.debug("{}: {} is still being searched for", ctx.self(), job.id());
            return;
        }
        start(job, owner, trace, attemptsOf.getOrDefault(job.id(), 0) + 1);
    }

    private void start(JobProfile job, NodeId owner, MatchTrace trace, int attempt) {
        attemptsOf.put(job.id(), attempt);
        long id = ++lastSearch;
        Timer timeout = ctx.schedule(overlay.config().searchTimeoutMillis(), () -> lost(id));
        searches.put(id, new Search(id, job, owner, trace, attempt, timeout));
        searchOf.put(job.id(), id);
        overlay.node().submit(id, overlay.config().space().demand(job.spec().requirements()), job.id().point(), 0);
    }

    private Search finish(long id) {
        Search s = searches.remove(id);
        if (s != null) {
            s.timeout().cancel();
            searchOf.remove(s.job().id(), id);
        }
        return s;
    }

    private void dispatch(Search s, NodeId runNode, MatchTrace trace) {
        attemptsOf.remove(s.job().id());
        agent.dispatch(runNode, s.job(), s.owner(), trace);
    }

    private void noMatch(Search s, String reason, MatchTrace trace) {
        attemptsOf.remove(s.job().id());
        agent.noMatch(s.job(), s.owner(), reason, trace);
    }

    private void outcome(FindOutcome o) {
        Search s = finish(o.requestId());
        if (s == null) {
            log.debug("{}: outcome of search {} that was given up or replaced: {}", ctx.self(), o.requestId(), o);
            return;
        }
        if (!agent.owns(s.job().id())) {
            // The job was handed over while searching; its new owner matches it.
            attemptsOf.remove(s.job().id());
            log.debug("{}: search {} ended after {} was handed over", ctx.self(), s.id(), s.job().id());
            return;
        }
        MatchTrace trace = new MatchTrace(s.trace().routingHops(), s.trace().matchHops() + o.hops(), false,
                s.trace().lostRuns());
        if (o.allocated()) {
            dispatch(s, o.host(), trace);
        } else if (o.fallback() != null) {
            dispatch(s, o.fallback().node(), trace);
        } else if (exhaustive(o.failure()) || s.attempt() >= overlay.config().searchAttempts()) {
            noMatch(s, reason(s, o.failure() + " after " + o.hops() + " moves"), trace);
        } else {
            retry(s);
        }
    }

    /** Backtracking walked back to its start: every node reachable from the owner was seen. */
    private boolean exhaustive(FindFailure failure) {
        return failure == FindFailure.NOT_FOUND
                && overlay.config().parameters().deadEnd() == DeadEndStrategy.BACKTRACKING;
    }

    private void lost(long id) {
        Search s = finish(id);
        if (s == null) {
            return;
        }
        if (!agent.owns(s.job().id())) {
            attemptsOf.remove(s.job().id());
            return;
        }
        log.debug("{}: search {} for {} lost (attempt {})", ctx.self(), id, s.job().id(), s.attempt());
        if (s.attempt() >= overlay.config().searchAttempts()) {
            noMatch(s, reason(s, "no outcome came back"), s.trace());
        } else {
            retry(s);
        }
    }

    /** The next attempt, one update period later, when the states of the nodes have moved on. */
    private void retry(Search s) {
        ctx.schedule(overlay.config().updatePeriodMillis(), () -> {
            if (!agent.owns(s.job().id())) {
                attemptsOf.remove(s.job().id());
            } else if (!searchOf.containsKey(s.job().id())) {
                start(s.job(), s.owner(), s.trace(), attemptsOf.getOrDefault(s.job().id(), s.attempt()) + 1);
            }
        });
    }

    /** Why the job ends unmatched: the last search's end, and which requirement no node known here meets. */
    private String reason(Search s, String end) {
        List<Capabilities> known = new ArrayList<>();
        known.add(overlay.capabilities());
        for (JobOverlay.Neighbour n : overlay.neighbours()) {
            known.add(n.capabilities());
        }
        String search = "HYGRA found no capable node in " + s.attempt() + " search(es), the last ended " + end;
        return Capable.noMatchReason(overlay.config().space().schema(), s.job().spec().requirements(), known)
                .map(why -> search + "; among this node and its links, " + why)
                .orElse(search);
    }

    @Override
    public void receive(NodeId from, Message message) {
        log.warn("{}: HYGRA's locator has no messages of its own; ignoring {} from {}", ctx.self(),
                io.cangrid.overlay.LogText.of(String.valueOf(message)), from);
    }

    @Override
    public boolean handles(Message message) {
        return false;
    }
}
