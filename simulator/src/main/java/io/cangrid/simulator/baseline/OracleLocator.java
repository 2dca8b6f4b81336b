package io.cangrid.simulator.baseline;

import io.cangrid.jobs.JobOverlay;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.Capable;
import io.cangrid.jobs.JobMatch;
import io.cangrid.jobs.MachineAd;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.Locator;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * An oracle as a locator: the injection node owns the job and decides at once with global knowledge, so
 * matchmaking costs nothing but the one message to the run node. Recovery still goes through the overlay:
 * a run node that lost the owner re-routes the profile to the job's point like with any locator.
 */
public final class OracleLocator implements Locator {

    private final NodeContext ctx;
    private final RandomGenerator random;
    private final JobAgent agent;
    private final GlobalView view;
    private final OraclePolicy policy;
    private final ResourceSchema schema;

    public OracleLocator(NodeContext ctx, JobOverlay overlay, JobAgent agent, GlobalView view, OraclePolicy policy,
            ResourceSchema schema) {
        this.ctx = ctx;
        this.random = ctx.random();
        this.agent = agent;
        this.view = view;
        this.policy = policy;
        this.schema = schema;
    }

    public static LocatorFactory<JobOverlay> factory(GlobalView view, OraclePolicy policy, ResourceSchema schema) {
        return (ctx, overlay, agent) -> new OracleLocator(ctx, overlay, agent, view, policy, schema);
    }

    /** The oracle decides wherever it is asked: the node that takes a job owns it. */
    @Override
    public boolean ownsJobsItTakes() {
        return true;
    }

    @Override
    public void match(JobProfile job, NodeId owner, MatchTrace trace) {
        List<GlobalView.NodeLoad> live = view.liveNodes();
        JobMatch match = JobMatch.of(job.spec(), schema);
        long now = ctx.now();
        List<GlobalView.NodeLoad> capable = new ArrayList<>();
        for (GlobalView.NodeLoad n : live) {
            if (match.accepts(n.capabilities(), n.queue().machine(), now)) {
                capable.add(n);
            }
        }
        if (capable.isEmpty()) {
            agent.noMatch(job, owner, noMatchReason(match, live, now), trace);
            return;
        }
        GlobalView.NodeLoad chosen = policy.choose(job, ranked(match, capable, now), schema, random);
        view.sent(chosen.id(), job.spec(), chosen.queue());
        agent.dispatch(chosen.id(), job, owner, trace);
    }

    /**
     * For a job with a {@code Rank}: the free nodes it ranks highest, when any is free, as the overlay's
     * locators narrow their candidates; all of them otherwise.
     */
    private static List<GlobalView.NodeLoad> ranked(JobMatch match, List<GlobalView.NodeLoad> capable, long now) {
        if (!match.ranks()) {
            return capable;
        }
        double best = Double.NEGATIVE_INFINITY;
        List<GlobalView.NodeLoad> top = new ArrayList<>();
        for (GlobalView.NodeLoad n : capable) {
            if (!n.fits(match.spec())) {
                continue;
            }
            double rank = match.rank(n.capabilities(), n.queue().machine(), now);
            if (rank > best) {
                best = rank;
                top.clear();
            }
            if (rank == best) {
                top.add(n);
            }
        }
        return top.isEmpty() ? capable : top;
    }

    /** Why no live node takes the job: a minimum none reaches, owners refusing it, a conjunct none satisfies. */
    private String noMatchReason(JobMatch match, List<GlobalView.NodeLoad> live, long now) {
        List<Capabilities> all = new ArrayList<>(live.size());
        int refusing = 0;
        long met = 0;
        for (GlobalView.NodeLoad n : live) {
            all.add(n.capabilities());
            MachineAd machine = n.queue().machine();
            met |= match.conjunctsMet(n.capabilities(), machine, now);
            if (match.wants(n.capabilities(), machine, now)) {
                refusing++;
            }
        }
        String owners = JobMatch.refusedByOwners(refusing);
        if (owners != null) {
            return owners;
        }
        String minimums = Capable.noMatchReason(schema, match.spec().requirements(), all).orElse(null);
        if (minimums != null && !minimums.startsWith(Capable.MET_SEPARATELY)) {
            return minimums;
        }
        String conjunct = match.unmetConjunct(met);
        return conjunct != null ? conjunct : minimums != null ? minimums : "no live node is capable";
    }

    @Override
    public void receive(NodeId from, Message message) {
        throw new IllegalStateException("an oracle has no messages of its own; got " + message.getClass().getName());
    }

    @Override
    public boolean handles(Message message) {
        return false;
    }
}
