package io.cangrid.load.push;

import io.cangrid.jobs.JobMatch;
import io.cangrid.overlay.Decimals;
import io.cangrid.can.CanListener;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.match.BasicCanLocator;
import io.cangrid.can.match.Candidate;
import io.cangrid.jobs.JobLoad;
import io.cangrid.jobs.RunQueue;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.can.match.OrthantSearch;
import io.cangrid.can.match.OrthantWalker;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.can.match.UpwardWalk;
import io.cangrid.load.LoadState;
import io.cangrid.load.CategoryLoads;
import io.cangrid.load.LoadStateCheck;
import io.cangrid.load.PromptLoadUpdates;
import io.cangrid.load.ZoneLoadPublisher;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.ExplainStep;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.Locator;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CAN-P (design.md §5): at the owner and at every node a job is pushed to, a free capable node
 * nearby takes the job at once; otherwise the job is pushed up toward the region the objective prefers,
 * stopping with the probability of the stopping rule, and on a stop goes to the best-scoring capable node
 * seen on its path. Until a capable node has been seen at all the job walks upward as in basic CAN.
 */
public final class CanPLocator implements Locator {

    /** What no node around offers: the job's requirements, and running commands when it has one. */
    private String unmet(JobProfile job) {
        String needs = agent.needs(job.spec().requirements());
        boolean command = job.spec().hasCommand();
        if (needs.equals("nothing")) {
            return command ? "runs commands (every capable one runs none: --exec none)" : "can take it";
        }
        return "meets " + needs + (command ? " and runs commands" : "");
    }

    private static final Logger log = LoggerFactory.getLogger(CanPLocator.class);
    /**
     * Early load updates a node may send per update period at most: a change still crosses ten zones per
     * period down a chain (chains of 24 zones converged within a diameter of 7), while a busy region sends
     * at most ten times its periodic traffic to the nodes below it.
     */
    static final long PROMPT_UPDATES_PER_PERIOD = 10;

    private final NodeContext ctx;
    private final CanNode can;
    private final JobAgent agent;
    private final ResourceSchema schema;
    private final CanPConfig config;
    private final OrthantWalker orthant;
    private final ZoneLoadPublisher loads;
    private final PromptLoadUpdates prompt;
    private final CandidateChoice choice;
    private final CapableAround around;
    private final WaitingJobs waiting;
    private final IdlePromise promise;

    public CanPLocator(NodeContext ctx, CanOverlay overlay, JobAgent agent, ResourceSchema schema, CanPConfig config) {
        this.ctx = ctx;
        this.can = overlay.can();
        this.agent = agent;
        this.schema = schema;
        this.config = config;
        this.orthant = new OrthantWalker(ctx, can, agent, schema);
        this.loads = new ZoneLoadPublisher(ctx, can, agent.queue());
        this.choice = new CandidateChoice(schema, config.choice().score());
        this.around = new CapableAround(ctx, can, agent.queue(), schema, config.choice().countSent());
        this.promise = new IdlePromise(ctx, agent.queue());
        this.waiting = new WaitingJobs(ctx, can, agent, schema, config, choice, around, promise);
        can.setStateExtension(this::published);
        can.setExtensionCheck(LoadStateCheck.INSTANCE);
        this.prompt = config.push().promptUpdates()
                ? new PromptLoadUpdates(ctx, can, loads, can.config().updatePeriodMillis() / PROMPT_UPDATES_PER_PERIOD)
                : null;
        agent.queue().observeLength(this::queueChanged);
        can.addListener(new CanListener() {
            @Override
            public void neighbourStateReceived(NeighbourEntry entry) {
                around.spoke(entry.id());
                if (prompt != null) {
                    prompt.inputsChanged();
                }
                if (entry.lastState() != null && JobLoad.of(entry.lastState().extension()).freeCores() > 0) {
                    waiting.neighbourFree();
                }
            }

            @Override
            public void neighbourRemoved(NodeId id) {
                if (prompt != null) {
                    prompt.inputsChanged();
                }
            }
        });
    }

    private void queueChanged() {
        promise.queueChanged();
        waiting.queueChanged();
        if (prompt == null) {
            return;
        }
        // A node that has just become free tells every neighbour, not only those below: any of them may hold
        // a waiting job it can run, and with rebalancing that job moves here as soon as they hear.
        if (config.waiting().rebalance() && agent.queue().coresForNewcomer() > 0) {
            prompt.freeNow();
        } else {
            prompt.inputsChanged();
        }
    }

    /** What rides on each state message; the first one also starts the periodic care of waiting jobs. */
    private LoadState published() {
        waiting.start();
        LoadState current = loads.current();
        if (prompt != null) {
            prompt.published(current);
        }
        return current;
    }

    public static LocatorFactory<CanOverlay> factory(ResourceSchema schema, CanPConfig config) {
        return (ctx, overlay, agent) -> new CanPLocator(ctx, overlay, agent, schema, config);
    }

    /**
     * The load aggregates this node publishes in its state messages now (its own load and, per zone it
     * holds, Eq. 1–2 over what its upper neighbours last published): what tools and tests read.
     */
    public LoadState publishedLoads() {
        return loads.current();
    }

    @Override
    public void match(JobProfile job, NodeId owner, MatchTrace trace) {
        step(new PushStep(job, owner, trace, null, 0, new NodeId[0], false));
    }

    @Override
    public boolean handles(Message message) {
        return message instanceof PushStep || message instanceof FreeSearch || message instanceof TryAssign
                || message instanceof OrthantSearch || message instanceof WaitingSearch || message instanceof FreeFound;
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (message instanceof PushStep m) {
            step(m);
        } else if (message instanceof FreeSearch m) {
            search(m);
        } else if (message instanceof TryAssign m) {
            offered(m);
        } else if (message instanceof OrthantSearch m) {
            orthant.visit(m);
        } else if (message instanceof WaitingSearch m) {
            waiting.seek(m);
        } else if (message instanceof FreeFound m) {
            waiting.found(m);
        } else {
            log.warn("{}: CAN-P ignores {} from {}", ctx.self(), message.getClass().getSimpleName(), from);
        }
    }

    private void step(PushStep s) {
        if (can.phase() != CanPhase.ACTIVE) {
            ctx.schedule(1_000, () -> step(s));
            return;
        }
        JobProfile job = s.profile();
        List<Candidate> capable = around.of(job.spec());
        // A verifying search asks the nodes that look free instead of trusting this view of them.
        boolean verifying = config.search().verify() && config.search().budget() > 0 && !s.searched();
        Candidate free = verifying ? null
                : config.choice().bestFit() ? choice.bestFitFree(capable, job) : CandidateChoice.fastestFree(capable);
        if (free != null) {
            agent.explain(job.id(), ExplainStep.CANDIDATES, free.id(), () -> weighed(capable, free)
                    + ": " + free.id().shortName() + " is free and "
                    + (config.choice().bestFit() ? "fits best" : "fastest"));
            dispatch(free, s);
            return;
        }
        Candidate best = config.choice().soonest() ? choice.soonestStartBestFit(capable, s.best(), job)
                : config.choice().bestFit() ? choice.shortestQueueBestFit(capable, s.best(), job)
                : choice.bestScoring(capable, s.best(), job.spec().work());
        if (best == null) {
            agent.explain(job.id(), ExplainStep.CANDIDATES, null, () -> "no node around " + unmet(job) + " ("
                    + can.neighbours().size() + " neighbour(s) looked at): walking toward larger nodes");
            walkUpward(s);
            return;
        }
        agent.explain(job.id(), ExplainStep.CANDIDATES, null, () -> weighed(capable, best) + ": none free"
                + (verifying ? " that a search has confirmed" : "") + "; best so far " + best.id().shortName()
                + " (queue " + best.queueLength() + (s.best() != null && best.id().equals(s.best().id())
                        ? ", seen earlier on the path)" : ")"));
        if (config.search().budget() > 0 && !s.searched()) {
            search(new FreeSearch(job, s.owner(), s.trace(), best, new NodeId[0], new NodeId[0], new double[0]));
            return;
        }
        String category = CategoryLoads.categoryOf(JobMatch.of(job.spec(), schema).required(CategoryLoads.ATTRIBUTE));
        PushTarget target = config.push().gentleClimb()
                ? PushTarget.choose(can, loads.current(), config.push().objective(), config.stop().idleThreshold(),
                        zone -> SearchFrontier.distance(zone, job.id().point(), schema.realDimensions()), category)
                : PushTarget.choose(can, loads.current(), config.push().objective(), 0, null, category);
        if (target == null || s.pushes() >= config.stop().maxPushes() || stopsHere(target)) {
            agent.explain(job.id(), ExplainStep.PUSH, best.id(), () -> target == null
                    ? "no upper neighbour has published loads: the job stops here, to " + best.id().shortName()
                    : s.pushes() >= config.stop().maxPushes() ? "pushed " + s.pushes()
                            + " times already (the most allowed): the job stops here, to " + best.id().shortName()
                    : "stopped pushing (" + aggregates(target) + "): the job goes to " + best.id().shortName());
            dispatch(best, s);
            return;
        }
        agent.explain(job.id(), ExplainStep.PUSH, target.neighbour(), () -> "pushed to "
                + target.neighbour().shortName() + " (" + aggregates(target) + ")");
        ctx.send(target.neighbour(), new PushStep(job, s.owner(), s.trace().forwardedByPush(), best, s.pushes() + 1,
                s.walked(), true));
    }

    /**
     * One node of the nearest-first search: a free capable node around ends it; otherwise the search moves
     * to the nearest node of its frontier, until the budget is spent and pushing takes over from here.
     */
    private void search(FreeSearch m) {
        if (can.phase() != CanPhase.ACTIVE) {
            ctx.schedule(1_000, () -> search(m));
            return;
        }
        JobProfile job = m.profile();
        List<Candidate> capable = around.of(job.spec());
        if (config.search().verify()) {
            if (CandidateChoice.of(capable, can.id()) != null && promise.give()) {
                agent.dispatch(can.id(), job, m.owner(), m.trace());
                return;
            }
        } else {
            Candidate free = choice.bestFitFree(capable, job);
            if (free != null) {
                dispatch(free, new PushStep(job, m.owner(), m.trace(), m.best(), 0, new NodeId[0], true));
                return;
            }
        }
        Candidate best = config.choice().soonest() ? choice.soonestStartBestFit(capable, m.best(), job)
                : choice.shortestQueueBestFit(capable, m.best(), job);
        NodeId[] visited = Arrays.copyOf(m.visited(), m.visited().length + 1);
        visited[visited.length - 1] = can.id();
        SearchFrontier frontier = new SearchFrontier(m.frontier(), m.distances());
        frontier.addNeighbours(can.neighbours(), job.id().point(), schema.realDimensions(), visited);
        if (config.search().verify()) {
            frontier.preferLooksFree(capable, can.id(), c -> choice.surplus(c, job), visited);
        }
        if (visited.length >= config.search().budget() || frontier.isEmpty()) {
            agent.explain(job.id(), ExplainStep.SEARCH, null, () -> "free search ends after " + visited.length
                    + " node(s) without a free capable node: pushing takes over");
            step(new PushStep(job, m.owner(), m.trace(), best, 0, new NodeId[0], true));
            return;
        }
        NodeId next = frontier.pollNearest();
        agent.explain(job.id(), ExplainStep.SEARCH, next, () -> "no free capable node around ("
                + weighed(capable, null) + "); free search goes on to " + next.shortName());
        ctx.send(next, new FreeSearch(job, m.owner(), m.trace().forwarded(), best, visited, frontier.ids(),
                frontier.distances()));
    }

    /**
     * The stop probability {@link #stopsHere} draws against, for explanations only: computing it draws
     * nothing. Zero when the idle-aware rule forbids stopping.
     */
    private double stopProbability(PushTarget target) {
        if (config.stop().idleThreshold() > 0 && target.queued() / target.nodes() < config.stop().idleThreshold()) {
            return 0;
        }
        return config.stop().rule().stopProbability(config.stop().count().of(target), config.stop().factor());
    }

    private String aggregates(PushTarget target) {
        StringBuilder sb = new StringBuilder("region above in dimension ").append(target.dimension()).append(": ");
        Decimals.append(sb, target.nodes(), 1).append(" node(s), ");
        Decimals.append(sb, target.queued(), 1).append(" queued, objective ");
        Decimals.append(sb, target.objective(), 3).append("; ");
        Decimals.append(sb, target.nodesAboveHere(), 1).append(" node(s) above here; stop probability ");
        return Decimals.append(sb, stopProbability(target), 3).toString();
    }

    /** The capable nodes around with the load each published, {@code chosen} marked; at most 8 listed. */
    private static String weighed(List<Candidate> capable, Candidate chosen) {
        StringBuilder sb = new StringBuilder("weighed ").append(capable.size()).append(" capable node(s)");
        int listed = 0;
        for (Candidate c : capable) {
            if (listed++ == 8) {
                sb.append(", …");
                break;
            }
            sb.append(listed == 1 ? ": " : ", ").append(c.id().shortName())
                    .append(chosen != null && c.id().equals(chosen.id()) ? "*" : "")
                    .append(" (cpu ");
            Decimals.append(sb, c.cpu(), 2).append(", queue ").append(c.queueLength()).append(", ")
                    .append(c.freeCores()).append(" core(s) free").append(c.isFree() ? ", fits now" : "")
                    .append(", backlog ");
            Decimals.append(sb, c.backlogSeconds(), 0).append(" s)");
        }
        return sb.toString();
    }

    /** Eq. 4, unless CAN-PX's idle-aware rule sees an average queue above that says someone there is idle. */
    private boolean stopsHere(PushTarget target) {
        if (config.stop().idleThreshold() > 0 && target.queued() / target.nodes() < config.stop().idleThreshold()) {
            return false;
        }
        return ctx.random().nextDouble() < config.stop().rule().stopProbability(config.stop().count().of(target),
                config.stop().factor());
    }

    private void dispatch(Candidate chosen, PushStep s) {
        around.noteSent(chosen.id(), s.profile().spec().work(), s.profile().spec().cores());
        if (config.offers().redirects() > 0 && chosen.isFree() && !chosen.id().equals(can.id())) {
            // It looked free, but our view of it may be a period old: let it check.
            ctx.send(chosen.id(), new TryAssign(s.profile(), s.owner(), s.trace().forwarded(),
                    config.offers().redirects(), null));
            return;
        }
        agent.dispatch(chosen.id(), s.profile(), s.owner(), s.trace());
    }

    /**
     * A job offered because this node looked free: take it if so (unless refit finds a free neighbour that
     * fits it better), else pass it to a free neighbour if any, else give it back to the node that stepped
     * aside for it, else queue it here.
     */
    private void offered(TryAssign m) {
        // Free for this job: it fits at once in this node's free cores and memory (one core: an empty queue).
        RunQueue queue = agent.queue();
        boolean idle = JobLoad.of(queue, ctx.now()).canStart(m.profile().spec().cores(),
                queue.memoryOf(m.profile().spec()));
        if (can.phase() != CanPhase.ACTIVE || m.redirectsLeft() <= 0) {
            settle(m, idle);
            return;
        }
        JobProfile job = m.profile();
        List<Candidate> capable = around.of(job.spec());
        if (idle) {
            Candidate better = config.offers().refit() ? betterFitFree(capable, job) : null;
            if (better != null && promise.give()) {
                agent.explain(job.id(), ExplainStep.SEARCH, better.id(), () -> "offered the job while free, but "
                        + better.id().shortName() + " is free and fits it more tightly: passed on");
                // Keep this bigger node for a job that needs it; it stays promised to this job meanwhile.
                pass(better, m, can.id());
            } else {
                agent.dispatch(can.id(), job, m.owner(), m.trace());
            }
            return;
        }
        Candidate free = choice.bestFitFree(capable, job);
        if (free == null) {
            settle(m, false);
            return;
        }
        agent.explain(job.id(), ExplainStep.SEARCH, free.id(), () -> "offered the job but busy now: passed to "
                + free.id().shortName() + ", which looks free");
        pass(free, m, m.fallback());
    }

    /** A free capable neighbour whose surplus over the job is smaller than this node's own, or null. */
    private Candidate betterFitFree(List<Candidate> capable, JobProfile job) {
        Candidate own = CandidateChoice.of(capable, can.id());
        if (own == null) {
            return null;
        }
        List<Candidate> others = new ArrayList<>(capable);
        others.remove(own);
        Candidate best = choice.bestFitFree(others, job);
        return best != null && choice.surplus(best, job) < choice.surplus(own, job) ? best : null;
    }

    private void pass(Candidate to, TryAssign m, NodeId fallback) {
        around.noteSent(to.id(), m.profile().spec().work(), m.profile().spec().cores());
        ctx.send(to.id(), new TryAssign(m.profile(), m.owner(), m.trace().forwarded(), m.redirectsLeft() - 1,
                fallback));
    }

    /** The offer ends here: run or queue the job, unless this node is busy and a node stepped aside for it. */
    private void settle(TryAssign m, boolean idle) {
        if (!idle && m.fallback() != null && !m.fallback().equals(can.id())) {
            ctx.send(m.fallback(), new TryAssign(m.profile(), m.owner(), m.trace().forwarded(), 0, null));
            return;
        }
        agent.dispatch(can.id(), m.profile(), m.owner(), m.trace());
    }

    private void walkUpward(PushStep s) {
        NodeId[] walked = Arrays.copyOf(s.walked(), s.walked().length + 1);
        walked[walked.length - 1] = can.id();
        NodeId up = UpwardWalk.next(can, schema, s.profile().spec().requirements(), walked);
        if (up != null && !BasicCanLocator.contains(s.walked(), up)) {
            agent.explain(s.profile().id(), ExplainStep.SEARCH, up, () -> "walking upward to " + up.shortName());
            ctx.send(up, new PushStep(s.profile(), s.owner(), s.trace().forwarded(), null, s.pushes(), walked,
                    s.searched()));
        } else {
            agent.explain(s.profile().id(), ExplainStep.SEARCH, null,
                    () -> "upward walk ended: searching the orthant of the job's requirements");
            orthant.start(s.profile(), s.owner(), s.trace());
        }
    }
}
