package io.cangrid.jobs;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.message.CancelJob;
import io.cangrid.jobs.message.JobMessage;
import io.cangrid.jobs.message.StrayOutcomes;
import io.cangrid.jobs.message.StatusQuery;
import io.cangrid.jobs.message.ToOwner;
import io.cangrid.overlay.resource.Capabilities;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A full grid node on any overlay: the overlay, the job life cycle and a locator on one thread. It wires
 * the three together — the overlay's state messages carry the run queue's load, a job profile routed to
 * this node makes it the owner, and space given away takes the ownership of the jobs whose points lie in
 * it along.
 *
 * @param <O> the overlay, so that a locator written for it can reach it
 */
public final class JobNode<O extends JobOverlay> implements NodeProgram {

    private static final Logger log = LoggerFactory.getLogger(JobNode.class);

    private final NodeContext ctx;
    private final O overlay;
    private final JobAgent agent;
    private final Locator locator;
    private final OwnerRouting ownerRouting;
    private final List<NodeId> bootstraps;
    private NodeId lastTaker;

    public JobNode(NodeContext ctx, O overlay, JobNodeSettings settings, LocatorFactory<? super O> locators,
            List<NodeId> bootstraps) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.overlay = Objects.requireNonNull(overlay, "overlay");
        double cpu = overlay.capabilities().get(0);
        RunCapacity capacity = RunCapacity.of(settings.schema(), overlay.capabilities(), settings.cores());
        this.agent = new JobAgent(ctx, settings.schema(), cpu, capacity, settings.executions().create(ctx, cpu),
                settings.jobs(), settings.events());
        // The plain load first: a locator that publishes more (load aggregates) replaces it.
        overlay.publish(() -> JobLoad.of(agent.queue(), ctx.now()));
        this.locator = locators.create(ctx, overlay, agent);
        this.agent.setLocator(locator);
        this.ownerRouting = new OwnerRouting(overlay, agent);
        this.agent.setOwnerRoute(ownerRouting);
        this.bootstraps = List.copyOf(bootstraps);
        overlay.setEvents(new JobOverlay.Events() {
            @Override
            public void arrived(Message payload, int hops) {
                if (payload instanceof ToOwner toOwner) {
                    // The route started at the job's client, or at the run node re-routing it: the trail
                    // is followed back there too.
                    NodeId from = toOwner.adopt() != null ? toOwner.adopt() : toOwner.profile().client();
                    agent.explain(toOwner.profile().id(), ExplainStep.ROUTE, null, from, () -> "reached "
                            + ctx.self().shortName() + ", owner of zone(s) " + overlay.describeZones()
                            + " holding the job's point, after " + hops + " hop(s)");
                    ownerRouting.arrived(toOwner, hops);
                } else if (payload instanceof StatusQuery query) {
                    agent.answerStatus(query);
                } else if (payload instanceof CancelJob cancel) {
                    agent.answerCancel(cancel);
                } else if (payload instanceof StrayOutcomes outcomes) {
                    // Outcomes kept by a node that no longer owns their points (see OwnerDesk.sendStrayOutcomes).
                    agent.outcomesArrived(outcomes);
                } else {
                    locator.receive(ctx.self(), payload);
                }
            }

            @Override
            public void forwarded(Message payload, NodeId next) {
                if (payload instanceof ToOwner toOwner) {
                    agent.explain(toOwner.profile().id(), ExplainStep.ROUTE, next, () -> "zone(s) "
                            + overlay.describeZones() + " do not hold the job's point: forwarded to "
                            + next.shortName());
                }
            }

            @Override
            public void handedOver(Predicate<Point> inside, NodeId to) {
                lastTaker = to;
                agent.handOverOwnership(inside, to);
            }
        });
    }

    public NodeId id() {
        return ctx.self();
    }

    public O overlay() {
        return overlay;
    }

    public JobAgent agent() {
        return agent;
    }

    public Locator locator() {
        return locator;
    }

    public Capabilities capabilities() {
        return overlay.capabilities();
    }

    public boolean isActive() {
        return overlay.isActive();
    }

    @Override
    public void start() {
        overlay.start(bootstraps);
        agent.start();
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (overlay.handles(message)) {
            overlay.receive(from, message);
            return;
        }
        overlay.heardFrom(from);
        if (message instanceof StatusQuery query) {
            // Any node takes a status query; the owner of the job's point answers it.
            overlay.routeToOwner(query.job().point(), query);
        } else if (message instanceof CancelJob cancel) {
            overlay.routeToOwner(cancel.job().point(), cancel);
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
        overlay.leave();
        if (agent.ownedJobs() > 0 && lastTaker != null) {
            // Jobs adopted after their space changed hands may lie outside everything given away.
            agent.handOverOwnership(p -> true, lastTaker);
        }
        agent.stop();
    }
}
