package io.cangrid.can.match;

import io.cangrid.can.CanListener;
import io.cangrid.can.CanNode;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.CanMessage;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.job.JobAgent;
import io.cangrid.overlay.job.Locator;
import io.cangrid.overlay.job.message.JobMessage;
import io.cangrid.overlay.resource.Capabilities;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A full grid node: the CAN overlay, the job life cycle and a locator on one thread. It wires the three
 * together — neighbour state carries the run queue's load, a job profile routed to this node makes it the
 * owner, and zones given away take the ownership of the jobs whose points they hold along.
 */
public final class GridNode implements NodeProgram {

    private static final Logger log = LoggerFactory.getLogger(GridNode.class);

    private final NodeContext ctx;
    private final CanNode can;
    private final JobAgent agent;
    private final Locator locator;
    private final OwnerRouting ownerRouting;
    private final List<NodeId> bootstraps;
    private NodeId lastTaker;

    /** A node with these capabilities; its virtual coordinate is drawn from its own random source. */
    public GridNode(NodeContext ctx, GridSettings settings, Capabilities capabilities, List<NodeId> bootstraps) {
        this.ctx = ctx;
        Point point = settings.schema().pointOf(capabilities, ctx.random().nextDouble());
        this.can = new CanNode(ctx, settings.can(), point, capabilities);
        this.agent = new JobAgent(ctx, settings.schema(), capabilities.get(0),
                settings.executions().create(ctx, capabilities.get(0)), settings.jobs(), settings.events());
        // The plain load first: a locator that publishes more (load aggregates) replaces it.
        can.setStateExtension(() -> new JobLoad(agent.queue().length(), agent.queue().backlogSeconds(ctx.now())));
        this.locator = settings.locators().create(ctx, can, agent);
        this.agent.setLocator(locator);
        this.ownerRouting = new OwnerRouting(can, agent);
        this.bootstraps = List.copyOf(bootstraps);
        can.setRoutedHandler((target, payload, hops) -> {
            if (payload instanceof ToOwner toOwner) {
                ownerRouting.arrived(toOwner, hops);
            } else {
                locator.receive(ctx.self(), payload);
            }
        });
        can.addListener(new CanListener() {
            @Override
            public void zonesHandedOver(Zone[] zones, NodeId to) {
                lastTaker = to;
                agent.handOverOwnership(job -> insideAny(zones, job.id().point()), to);
            }
        });
    }

    private static boolean insideAny(Zone[] zones, Point p) {
        for (Zone z : zones) {
            if (z.contains(p)) {
                return true;
            }
        }
        return false;
    }

    public CanNode can() {
        return can;
    }

    public JobAgent agent() {
        return agent;
    }

    public Locator locator() {
        return locator;
    }

    @Override
    public void start() {
        if (bootstraps.isEmpty()) {
            can.startAsFirst();
        } else {
            can.join(bootstraps);
        }
        agent.start();
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (message instanceof CanMessage m) {
            can.receive(from, m);
        } else if (message instanceof JobMessage m) {
            agent.receive(from, m);
        } else if (locator.handles(message)) {
            locator.receive(from, message);
        } else {
            log.warn("{}: ignoring {} from {}: no protocol on this node handles it", ctx.self(),
                    message.getClass().getName(), from);
        }
    }

    @Override
    public void leave() {
        agent.leave();
        can.leave();
        if (agent.ownedJobs() > 0 && lastTaker != null) {
            // Jobs adopted after their zone changed hands may lie outside every zone given away.
            agent.handOverOwnership(job -> true, lastTaker);
        }
        agent.stop();
    }
}
