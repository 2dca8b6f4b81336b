package io.cangrid.jobs;

import io.cangrid.jobs.message.StrayOutcomes;
import io.cangrid.overlay.NodeId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Outcomes of ended jobs a node passed on (handed over, sent on as strays, or sent by the run node as
 * {@code JobDone}) and keeps until a node says it keeps them ({@code OutcomesKept}): a hand-over, a
 * {@code JobDone} or a route may be lost, and the node a route ends at may be losing the space itself. Each
 * is routed to the owner of its job's point when due, and again a period later, then two, four and eight,
 * and every {@link #MAX_PERIODS_APART} periods after that.
 */
final class UnconfirmedOutcomes {

    static final int MAX_PERIODS_APART = 8;
    static final int REMEMBERED = 4096;

    private final int maxSends;
    private final Map<JobId, Entry> waiting = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<JobId, Entry> eldest) {
            return size() > REMEMBERED;
        }
    };

    /** An outcome sent {@code sends} times so far, next at {@code nextAt}. */
    private record Entry(JobOutcome outcome, long nextAt, int sends) {
    }

    /** @param maxSends how many routes of one outcome at most before it is given up */
    UnconfirmedOutcomes(int maxSends) {
        this.maxSends = maxSends;
    }

    /** Keeps {@code outcome} of job {@code id}, first routed at {@code firstAt}, {@code sent} times sent already. */
    void add(JobId id, JobOutcome outcome, long firstAt, int sent) {
        waiting.put(id, new Entry(outcome, firstAt, sent));
    }

    /** A node says it keeps these outcomes: they are sent no more. */
    void confirmed(JobId[] ids) {
        for (JobId id : ids) {
            waiting.remove(id);
        }
    }

    /**
     * Routes at most {@code limit} outcomes that are due. An outcome is dropped unsent when {@code reclaimed}
     * says so, when it ended before {@code oldest}, or once sent {@code maxSends} times.
     */
    void sendDue(long now, long period, long oldest, int limit, BiPredicate<JobId, JobOutcome> reclaimed,
            OwnerRoute route, NodeId self) {
        int sent = 0;
        for (var it = waiting.entrySet().iterator(); it.hasNext() && sent < limit; ) {
            var e = it.next();
            Entry u = e.getValue();
            if (reclaimed.test(e.getKey(), u.outcome()) || u.outcome().endedAt() < oldest || u.sends() >= maxSends) {
                it.remove();
                continue;
            }
            if (now < u.nextAt()) {
                continue;
            }
            route.outcomesToOwner(e.getKey().point(), new StrayOutcomes(self, new JobId[] {e.getKey()},
                    new JobOutcome[] {u.outcome()}));
            sent++;
            long apart = Math.min(MAX_PERIODS_APART, 1L << Math.min(u.sends(), 30));
            e.setValue(new Entry(u.outcome(), now + apart * period, u.sends() + 1));
        }
    }
}
