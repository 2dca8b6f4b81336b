package io.cangrid.simulator.baseline;

import io.cangrid.jobs.JobOverlay;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.Capable;
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

    private final RandomGenerator random;
    private final JobAgent agent;
    private final GlobalView view;
    private final OraclePolicy policy;
    private final ResourceSchema schema;

    public OracleLocator(NodeContext ctx, JobOverlay overlay, JobAgent agent, GlobalView view, OraclePolicy policy,
            ResourceSchema schema) {
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
        List<GlobalView.NodeLoad> capable = new ArrayList<>();
        for (GlobalView.NodeLoad n : live) {
            if (Capable.isCapable(n.capabilities(), job.spec().requirements())) {
                capable.add(n);
            }
        }
        if (capable.isEmpty()) {
            List<Capabilities> all = new ArrayList<>(live.size());
            live.forEach(n -> all.add(n.capabilities()));
            String reason = Capable.noMatchReason(schema, job.spec().requirements(), all)
                    .orElse("no live node is capable");
            agent.noMatch(job, owner, reason, trace);
            return;
        }
        GlobalView.NodeLoad chosen = policy.choose(job, capable, schema, random);
        view.sent(chosen.id(), job.spec(), chosen.queue());
        agent.dispatch(chosen.id(), job, owner, trace);
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
