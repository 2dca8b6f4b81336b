package io.cangrid.load.push;

import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.match.Candidate;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CAN-PX's care of the jobs waiting in this node's queue behind the running one. With rebalancing, a
 * waiting job moves to a capable neighbour that is free now, once per update period and whenever a
 * neighbour says it is free: placement decided on a stale view is corrected as soon as a better place
 * shows. With seeking, a job that starts waiting, and once per period every job that found no such
 * neighbour, sends a search through its upper orthant, nearest first, for a free capable node further
 * away, and moves there if it still waits when the answer comes; the periodic search doubles in reach
 * each period the job keeps waiting, up to {@link CanPConfig.Waiting#seekWidest()} nodes. With {@code soonest}, a
 * job that finds no free node moves to a capable neighbour where it would start in under half the time.
 *
 * <p>Why both: measured, the few jobs that queue at light and medium load wait out a whole job of ten to
 * forty minutes ahead of them, so these few make most of the mean wait.
 *
 * <p>A node starts at most {@link CanPConfig.Waiting#seekPerPeriod()} searches a period, first in its queue
 * first: in a grid handed far more jobs than it has cores every job waits, every search visits its whole
 * reach in vain, and unbounded they cost each node its queue's length times that reach in messages every
 * period, which measured took most of the nodes' time. Any job that moves to a free node shortens the
 * queue for those behind it, so the first ones searching lose the others little.
 */
final class WaitingJobs {

    private static final NodeId[] NONE = new NodeId[0];

    private final NodeContext ctx;
    private final CanNode can;
    private final JobAgent agent;
    private final ResourceSchema schema;
    private final CanPConfig config;
    private final CandidateChoice choice;
    private final CapableAround around;
    private final IdlePromise promise;
    /** Waiting jobs that searched for a free node since the last periodic round. */
    private final Set<JobId> sought = new HashSet<>();
    /** For each job waiting here, how many periodic rounds it has searched in: its next search is wider. */
    private final Map<JobId, Integer> roundsWaited = new HashMap<>();
    /** Searches started since the last periodic round. */
    private int seeksThisPeriod;
    private boolean started;
    private boolean seekScheduled;

    WaitingJobs(NodeContext ctx, CanNode can, JobAgent agent, ResourceSchema schema, CanPConfig config,
            CandidateChoice choice, CapableAround around, IdlePromise promise) {
        this.ctx = ctx;
        this.can = can;
        this.agent = agent;
        this.schema = schema;
        this.config = config;
        this.choice = choice;
        this.around = around;
        this.promise = promise;
    }

    /** Starts the periodic round, if rebalancing or seeking is on; later calls do nothing. */
    void start() {
        if ((config.waiting().rebalance() || config.waiting().seekBudget() > 0) && !started) {
            started = true;
            ctx.schedule(can.config().updatePeriodMillis(), this::round);
        }
    }

    /** A neighbour said it is free. */
    void neighbourFree() {
        if (config.waiting().rebalance()) {
            moveToFreeNeighbours();
        }
    }

    /** The queue changed: a job that has just started waiting searches, once the change is done. */
    void queueChanged() {
        if (config.waiting().seekBudget() > 0 && agent.queue().length() > 1 && !seekScheduled) {
            seekScheduled = true;
            ctx.schedule(0, this::seekForNewlyWaiting);
        }
    }

    private void round() {
        if (can.phase() == CanPhase.LEFT) {
            return;
        }
        List<JobProfile> stillWaiting = config.waiting().rebalance() ? moveToFreeNeighbours()
                : agent.queue().waitingJobs();
        sought.clear();
        seeksThisPeriod = 0;
        Set<JobId> waitingNow = new HashSet<>();
        for (JobProfile job : stillWaiting) {
            waitingNow.add(job.id());
        }
        roundsWaited.keySet().retainAll(waitingNow);
        if (config.waiting().seekBudget() > 0 && can.phase() == CanPhase.ACTIVE) {
            for (JobProfile job : stillWaiting) {
                if (!config.waiting().maySeekAfter(seeksThisPeriod)) {
                    break;
                }
                sought.add(job.id());
                int round = roundsWaited.merge(job.id(), 1, Integer::sum);
                startSeek(job, config.waiting().seekBudgetInRound(round));
            }
        }
        ctx.schedule(can.config().updatePeriodMillis(), this::round);
    }

    private void seekForNewlyWaiting() {
        seekScheduled = false;
        if (can.phase() != CanPhase.ACTIVE) {
            return;
        }
        for (JobProfile job : agent.queue().waitingJobs()) {
            if (!config.waiting().maySeekAfter(seeksThisPeriod)) {
                return; // the rest search in a later period
            }
            if (sought.add(job.id())) {
                startSeek(job, config.waiting().seekBudget());
            }
        }
    }

    private void startSeek(JobProfile job, int budget) {
        seeksThisPeriod++;
        seek(new WaitingSearch(job, can.id(), NONE, NONE, new double[0], budget));
    }

    /**
     * Moves waiting jobs to free capable neighbours, and with {@code soonest} to neighbours where they would
     * start in less than half the time; returns the jobs that found neither.
     */
    private List<JobProfile> moveToFreeNeighbours() {
        List<JobProfile> waiting = agent.queue().waitingJobs();
        if (waiting.isEmpty() || can.phase() != CanPhase.ACTIVE) {
            return List.of();
        }
        double cpu = agent.queue().cpuSpeed();
        // Seconds until the next waiting job that stays here starts: the running job's rest at first.
        double startsIn = agent.queue().backlogSeconds(ctx.now());
        for (JobProfile job : waiting) {
            startsIn -= job.spec().work() / cpu;
        }
        List<JobProfile> left = new ArrayList<>();
        Set<NodeId> taken = new HashSet<>();
        for (JobProfile job : waiting) {
            List<Candidate> others = new ArrayList<>();
            for (Candidate c : around.of(job.spec())) {
                if (!c.id().equals(can.id()) && !taken.contains(c.id())) {
                    others.add(c);
                }
            }
            Candidate free = choice.bestFitFree(others, job);
            if (free != null && agent.moveWaiting(job.id(), free.id())) {
                taken.add(free.id());
                around.noteSent(free.id(), job.spec().work(), job.spec().cores());
            } else if (config.choice().soonest() && moveToSooner(job, others, startsIn)) {
                continue;
            } else {
                left.add(job);
                startsIn += job.spec().work() / cpu;
            }
        }
        return left;
    }

    /**
     * Moves a job that would start here in {@code startsIn} seconds to the capable neighbour where it starts
     * soonest, if that is under half as long and sooner by more than an update period: the neighbour's
     * published backlog may be a period old, and a move costs the job its place here.
     */
    private boolean moveToSooner(JobProfile job, List<Candidate> others, double startsIn) {
        Candidate sooner = choice.soonestStartBestFit(others, null, job);
        double periodSeconds = can.config().updatePeriodMillis() / 1000.0;
        if (sooner == null || !(sooner.backlogSeconds() < startsIn / 2)
                || startsIn - sooner.backlogSeconds() <= periodSeconds) {
            return false;
        }
        if (!agent.moveWaiting(job.id(), sooner.id())) {
            return false;
        }
        around.noteSent(sooner.id(), job.spec().work(), job.spec().cores());
        return true;
    }

    /**
     * One node of a waiting job's search: a free capable node around (other than the queue's own) ends it
     * with an answer to the queue's node; otherwise the search moves to the nearest node of its frontier
     * until the budget is spent, and the job keeps its place.
     */
    void seek(WaitingSearch m) {
        if (can.phase() != CanPhase.ACTIVE) {
            return;
        }
        JobProfile job = m.profile();
        List<Candidate> capable = new ArrayList<>();
        for (Candidate c : around.of(job.spec())) {
            if (!c.id().equals(m.waitingAt())) {
                capable.add(c);
            }
        }
        if (config.search().verify()) {
            if (CandidateChoice.of(capable, can.id()) != null && promise.give()) {
                ctx.send(m.waitingAt(), new FreeFound(job.id(), can.id()));
                return;
            }
        } else {
            Candidate free = choice.bestFitFree(capable, job);
            if (free != null) {
                around.noteSent(free.id(), job.spec().work(), job.spec().cores());
                ctx.send(m.waitingAt(), new FreeFound(job.id(), free.id()));
                return;
            }
        }
        NodeId[] visited = Arrays.copyOf(m.visited(), m.visited().length + 1);
        visited[visited.length - 1] = can.id();
        SearchFrontier frontier = new SearchFrontier(m.frontier(), m.distances());
        frontier.addNeighbours(can.neighbours(), job.id().point(), schema.realDimensions(), visited);
        if (config.search().verify()) {
            // The nodes that look free are asked first; only their own word ends the search.
            frontier.preferLooksFree(capable, can.id(), c -> choice.surplus(c, job), visited);
        }
        if (visited.length >= m.budget() || frontier.isEmpty()) {
            return;
        }
        NodeId next = frontier.pollNearest();
        ctx.send(next, new WaitingSearch(job, m.waitingAt(), visited, frontier.ids(), frontier.distances(),
                m.budget()));
    }

    /** A waiting job's search found a free node: move the job there if it still waits here. */
    void found(FreeFound m) {
        for (JobProfile job : agent.queue().waitingJobs()) {
            if (job.id().equals(m.job())) {
                agent.moveWaiting(m.job(), m.free());
                return;
            }
        }
    }
}
