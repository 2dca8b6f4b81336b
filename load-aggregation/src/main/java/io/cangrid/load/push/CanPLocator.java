package io.cangrid.load.push;

import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.match.BasicCanLocator;
import io.cangrid.can.match.Candidate;
import io.cangrid.can.match.Candidates;
import io.cangrid.can.match.LocatorFactory;
import io.cangrid.can.match.OrthantSearch;
import io.cangrid.can.match.OrthantWalker;
import io.cangrid.can.match.OwnerRouting;
import io.cangrid.can.match.UpwardWalk;
import io.cangrid.load.LoadState;
import io.cangrid.load.ZoneLoadPublisher;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.JobAgent;
import io.cangrid.overlay.job.JobProfile;
import io.cangrid.overlay.job.Locator;
import io.cangrid.overlay.job.MatchTrace;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CAN-P (ALGORITHMS section 5): at the owner and at every node a job is pushed to, a free capable node
 * nearby takes the job at once; otherwise the job is pushed up toward the region the objective prefers,
 * stopping with the probability of the stopping rule, and on a stop goes to the best-scoring capable node
 * seen on its path. Until a capable node has been seen at all the job walks upward as in basic CAN.
 */
public final class CanPLocator implements Locator {

    private static final Logger log = LoggerFactory.getLogger(CanPLocator.class);

    private final NodeContext ctx;
    private final CanNode can;
    private final JobAgent agent;
    private final ResourceSchema schema;
    private final CanPConfig config;
    private final OwnerRouting routing;
    private final OrthantWalker orthant;
    private final ZoneLoadPublisher loads;

    public CanPLocator(NodeContext ctx, CanNode can, JobAgent agent, ResourceSchema schema, CanPConfig config) {
        this.ctx = ctx;
        this.can = can;
        this.agent = agent;
        this.schema = schema;
        this.config = config;
        this.routing = new OwnerRouting(can, agent);
        this.orthant = new OrthantWalker(ctx, can, agent, schema);
        this.loads = new ZoneLoadPublisher(ctx, can, agent.queue());
        can.setStateExtension(loads::current);
    }

    public static LocatorFactory factory(ResourceSchema schema, CanPConfig config) {
        return (ctx, can, agent) -> new CanPLocator(ctx, can, agent, schema, config);
    }

    /**
     * The load aggregates this node publishes in its state messages now (its own load and, per zone it
     * holds, Eq. 1–2 over what its upper neighbours last published): what tools and tests read.
     */
    public LoadState publishedLoads() {
        return loads.current();
    }

    @Override
    public void toOwner(JobProfile job, MatchTrace trace, NodeId adopt) {
        routing.send(job, trace, adopt);
    }

    @Override
    public void match(JobProfile job, NodeId owner, MatchTrace trace) {
        step(new PushStep(job, owner, trace, null, 0, new NodeId[0]));
    }

    @Override
    public boolean handles(Message message) {
        return message instanceof PushStep || message instanceof OrthantSearch;
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (message instanceof PushStep m) {
            step(m);
        } else if (message instanceof OrthantSearch m) {
            orthant.visit(m);
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
        List<Candidate> capable = Candidates.around(can, agent.queue(), job.spec().requirements(), ctx.now());
        Candidate fastestFree = fastestFree(capable);
        if (fastestFree != null) {
            agent.dispatch(fastestFree.id(), job, s.owner(), s.trace());
            return;
        }
        Candidate best = bestScoring(capable, s.best(), job.spec().work());
        if (best == null) {
            walkUpward(s);
            return;
        }
        PushTarget target = PushTarget.choose(can, loads.current(), config.objective());
        if (target == null || s.pushes() >= config.maxPushes()
                || ctx.random().nextDouble() < config.stopping().stopProbability(target.nodesAboveHere(),
                        config.stoppingFactor())) {
            agent.dispatch(best.id(), job, s.owner(), s.trace());
            return;
        }
        ctx.send(target.neighbour(), new PushStep(job, s.owner(), s.trace().forwardedByPush(), best, s.pushes() + 1,
                s.walked()));
    }

    private void walkUpward(PushStep s) {
        NodeId[] walked = Arrays.copyOf(s.walked(), s.walked().length + 1);
        walked[walked.length - 1] = can.id();
        NodeId up = UpwardWalk.next(can, schema, s.profile().spec().requirements(), walked);
        if (up != null && !BasicCanLocator.contains(s.walked(), up)) {
            ctx.send(up, new PushStep(s.profile(), s.owner(), s.trace().forwarded(), null, s.pushes(), walked));
        } else {
            orthant.start(s.profile(), s.owner(), s.trace());
        }
    }

    private static Candidate fastestFree(List<Candidate> capable) {
        Candidate best = null;
        for (Candidate c : capable) {
            if (c.isFree() && (best == null || c.cpu() > best.cpu())) {
                best = c;
            }
        }
        return best;
    }

    /** argmin Score over the capable nodes here and the best one carried so far (ties: faster cpu). */
    private Candidate bestScoring(List<Candidate> capable, Candidate carried, double work) {
        Candidate best = carried;
        double bestScore = carried == null ? Double.POSITIVE_INFINITY : config.score().score(carried, work);
        for (Candidate c : capable) {
            double score = config.score().score(c, work);
            if (score < bestScore || (score == bestScore && best != null && c.cpu() > best.cpu())) {
                best = c;
                bestScore = score;
            }
        }
        return best;
    }
}
