package io.cangrid.can.match;

import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobMatch;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.Locator;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Basic CAN matchmaking (design.md §3): the owner picks among the capable nodes around it — the
 * fastest free one, else the least loaded — and when none is capable walks the job upward, towards more
 * capable zones; if the walk dead-ends, a depth-first search of the job's upper orthant makes sure a job
 * some node can run is placed before the client hears NO_MATCH.
 */
public final class BasicCanLocator implements Locator {

    private static final Logger log = LoggerFactory.getLogger(BasicCanLocator.class);

    /** How soon a node that is still joining looks at a job again. */
    static final long NOT_ACTIVE_RETRY_MILLIS = 1_000;

    private final NodeContext ctx;
    private final CanNode can;
    private final JobAgent agent;
    private final ResourceSchema schema;
    private final OrthantWalker orthant;

    public BasicCanLocator(NodeContext ctx, CanOverlay overlay, JobAgent agent, ResourceSchema schema) {
        this.ctx = ctx;
        this.can = overlay.can();
        this.agent = agent;
        this.schema = schema;
        this.orthant = new OrthantWalker(ctx, can, agent, schema);
    }

    public static LocatorFactory<CanOverlay> factory(ResourceSchema schema) {
        return (ctx, overlay, agent) -> new BasicCanLocator(ctx, overlay, agent, schema);
    }

    @Override
    public void match(JobProfile job, NodeId owner, MatchTrace trace) {
        step(job, owner, trace, new NodeId[0]);
    }

    @Override
    public boolean handles(Message message) {
        return message instanceof UpwardStep || message instanceof OrthantSearch;
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (message instanceof UpwardStep m) {
            step(m.profile(), m.owner(), m.trace(), m.path());
        } else if (message instanceof OrthantSearch m) {
            orthant.visit(m);
        } else {
            log.warn("{}: basic CAN matchmaking ignores {} from {}", ctx.self(), message.getClass().getSimpleName(), from);
        }
    }

    private void step(JobProfile job, NodeId owner, MatchTrace trace, NodeId[] path) {
        if (can.phase() != CanPhase.ACTIVE) {
            // Not yet (or no longer) part of the overlay: knows no neighbours to judge by. Try again shortly.
            ctx.schedule(NOT_ACTIVE_RETRY_MILLIS, () -> step(job, owner, trace, path));
            return;
        }
        Requirements req = job.spec().requirements();
        List<Candidate> candidates = Candidates.around(can, agent.queue(), JobMatch.of(job.spec(), schema),
                job.spec().hasCommand(), ctx.now());
        if (!candidates.isEmpty()) {
            agent.dispatch(Candidates.fastestFreeElseLeastLoaded(candidates).id(), job, owner, trace);
            return;
        }
        NodeId[] walked = Arrays.copyOf(path, path.length + 1);
        walked[path.length] = can.id();
        NodeId up = UpwardWalk.next(can, schema, req, walked);
        if (up != null) {
            ctx.send(up, new UpwardStep(job, owner, trace.forwarded(), walked));
        } else {
            orthant.start(job, owner, trace);
        }
    }

    public static boolean contains(NodeId[] ids, NodeId id) {
        for (NodeId x : ids) {
            if (x.equals(id)) {
                return true;
            }
        }
        return false;
    }
}
