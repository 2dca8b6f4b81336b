package io.cangrid.simulator.mesh;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.Capable;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobLoad;
import io.cangrid.jobs.JobOverlay;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.Locator;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * A decentralised locator for any overlay, as a test fixture: the owner judges only by what its
 * neighbours published (their job load, as the kernel's job node publishes it) and its own queue, and
 * sends the job to the fastest free capable node, else to the capable node with the shortest queue.
 */
public final class NeighbourhoodLocator implements Locator {

    private final NodeContext ctx;
    private final JobOverlay overlay;
    private final JobAgent agent;
    private final ResourceSchema schema;

    NeighbourhoodLocator(NodeContext ctx, JobOverlay overlay, JobAgent agent, ResourceSchema schema) {
        this.ctx = ctx;
        this.overlay = overlay;
        this.agent = agent;
        this.schema = schema;
    }

    public static LocatorFactory<JobOverlay> factory(ResourceSchema schema) {
        return (ctx, overlay, agent) -> new NeighbourhoodLocator(ctx, overlay, agent, schema);
    }

    @Override
    public void match(JobProfile job, NodeId owner, MatchTrace trace) {
        record Option(NodeId id, Capabilities caps, int queue) {
        }
        List<Option> options = new ArrayList<>();
        options.add(new Option(ctx.self(), overlay.capabilities(), agent.queue().length()));
        for (JobOverlay.Neighbour n : overlay.neighbours()) {
            options.add(new Option(n.id(), n.capabilities(), JobLoad.of(n.published()).queueLength()));
        }
        Option best = null;
        List<Capabilities> seen = new ArrayList<>();
        for (Option o : options) {
            seen.add(o.caps());
            if (!Capable.isCapable(o.caps(), job.spec().requirements())) {
                continue;
            }
            if (best == null || o.queue() < best.queue()
                    || (o.queue() == best.queue() && o.caps().get(0) > best.caps().get(0))) {
                best = o;
            }
        }
        if (best == null) {
            agent.noMatch(job, owner, Capable.noMatchReason(schema, job.spec().requirements(), seen)
                    .orElse("no neighbour is capable"), trace);
        } else {
            agent.dispatch(best.id(), job, owner, trace);
        }
    }

    @Override
    public void receive(NodeId from, Message message) {
        throw new IllegalStateException("this locator has no messages of its own; got " + message);
    }

    @Override
    public boolean handles(Message message) {
        return false;
    }
}
