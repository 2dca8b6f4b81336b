package io.cangrid.hygra.protocol;

import io.cangrid.hygra.message.FindOutcome;
import io.cangrid.hygra.message.FindRequest;
import io.cangrid.hygra.message.HygraMessage;
import io.cangrid.hygra.message.JoinOffer;
import io.cangrid.hygra.message.JoinQuery;
import io.cangrid.hygra.message.LinkCreate;
import io.cangrid.hygra.message.LinkCreateAccepted;
import io.cangrid.hygra.message.LinkCreateRefused;
import io.cangrid.hygra.message.LinkCut;
import io.cangrid.hygra.message.LinkCutAccepted;
import io.cangrid.hygra.message.LinkCutRefused;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.hygra.message.StateChanged;
import io.cangrid.hygra.message.StatusQuery;
import io.cangrid.hygra.message.StatusReply;
import io.cangrid.hygra.message.Visit;
import io.cangrid.hygra.resource.HyperspaceSchema;
import io.cangrid.hygra.resource.NodeResources;
import io.cangrid.hygra.resource.ResourceVector;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HYGRA node: its resources and running jobs, its links, the overlay maintenance that keeps them the
 * nearest ones, and the resource finder that moves requests on. Runs on a {@link NodeContext}, so the
 * same code serves the event simulation, the tick driver and a live node.
 */
public final class HygraNode implements NodeProgram {

    private static final Logger LOG = LoggerFactory.getLogger(HygraNode.class);

    private final NodeContext ctx;
    private final HygraParameters params;
    private final HyperspaceSchema schema;
    private final NodeResources resources;
    private final LinkTable links = new LinkTable();
    private final OverlayMaintenance overlay;
    private final ResourceFinder finder;
    private final NodeId contact;
    private NodeState state;
    private Timer cycleTimer;

    /**
     * @param contact the node to join through, or null for the first node of a grid
     */
    public HygraNode(NodeContext ctx, HygraParameters params, HyperspaceSchema schema, ResourceVector capacity,
            NodeId contact, FindingListener listener) {
        this(ctx, params, schema, capacity, contact, listener, null);
    }

    /**
     * A node whose requests end as {@code hosting} decides instead of by holding resources here; the
     * hosting then sets what is available through {@link #setAvailable}.
     *
     * @param hosting null for the paper's node, which holds what each request asks for its duration
     */
    public HygraNode(NodeContext ctx, HygraParameters params, HyperspaceSchema schema, ResourceVector capacity,
            NodeId contact, FindingListener listener, Hosting hosting) {
        this.ctx = ctx;
        this.params = params;
        this.schema = schema;
        this.resources = new NodeResources(capacity);
        this.contact = contact;
        this.state = new NodeState(ctx.self(), 0, capacity, schema.point(capacity));
        this.overlay = new OverlayMaintenance(ctx, params, links, this::state);
        this.finder = new ResourceFinder(ctx, params, links, this::state, hosting != null ? hosting : new LocalHost(),
                listener);
    }

    public NodeId id() {
        return ctx.self();
    }

    public NodeState state() {
        return state;
    }

    public NodeResources resources() {
        return resources;
    }

    /** The node's links, for drivers and tests that check the overlay; only the node changes them. */
    public LinkTable links() {
        return links;
    }

    public int temperature() {
        return overlay.temperature();
    }

    @Override
    public void start() {
        if (contact != null) {
            overlay.join(contact);
        }
        if (params.cyclePeriodMillis() > 0) {
            scheduleCycle();
        }
    }

    private void scheduleCycle() {
        cycleTimer = ctx.schedule(params.cyclePeriodMillis(), () -> {
            cycle();
            scheduleCycle();
        });
    }

    /** One cycle of Algorithm 2; a driver calls it when it sets the pace itself (cycle period 0). */
    public void cycle() {
        overlay.cycle();
    }

    /** Starts a request for {@code demand} here; its first step happens on delivery, like every later one. */
    public void submit(long requestId, ResourceVector demand, long durationMillis) {
        submit(requestId, demand, schema.point(demand), durationMillis);
    }

    /**
     * Starts a request that heads for {@code target} rather than the point of its demand (where the
     * space has axes a request asks nothing of, such as a virtual coordinate).
     */
    public void submit(long requestId, ResourceVector demand, Point target, long durationMillis) {
        FindRequest request = new FindRequest(requestId, ctx.self(), demand, target, durationMillis,
                new Visit[0], new int[0], 0, false, null);
        ctx.send(ctx.self(), request);
    }

    /**
     * What this node has available changed outside the paper's hosting (see {@link Hosting}): new state,
     * a hot node, and every linked node told, as when a job starts or ends.
     */
    public void setAvailable(ResourceVector available) {
        if (!available.equals(state.available())) {
            publishState(available);
        }
    }

    /** A linked node is gone (it left, or fell silent): forget it and look for a replacement. */
    public void forget(NodeId peer) {
        overlay.forget(peer);
    }

    /** Joins again through {@code known}, for a node that lost every link. */
    public void rejoin(NodeId known) {
        overlay.join(known);
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (!(message instanceof HygraMessage)) {
            LOG.warn("{}: ignoring a {} from {}, not a HYGRA message", ctx.self(), message.getClass().getSimpleName(), from);
            return;
        }
        if (message instanceof FindRequest m) {
            finder.onRequest(m);
        } else if (message instanceof StatusQuery m) {
            overlay.onStatusQuery(from, m);
        } else if (message instanceof StatusReply m) {
            overlay.onStatusReply(from, m);
        } else if (message instanceof StateChanged m) {
            links.refresh(m.state());
        } else if (message instanceof LinkCreate m) {
            overlay.onLinkCreate(from, m);
        } else if (message instanceof LinkCreateAccepted m) {
            overlay.onLinkCreateAccepted(from, m);
        } else if (message instanceof LinkCreateRefused) {
            overlay.onLinkCreateRefused(from);
        } else if (message instanceof LinkCut) {
            overlay.onLinkCut(from);
        } else if (message instanceof LinkCutAccepted) {
            overlay.onLinkCutAccepted(from);
        } else if (message instanceof LinkCutRefused) {
            overlay.onLinkCutRefused(from);
        } else if (message instanceof JoinQuery) {
            overlay.onJoinQuery(from);
        } else if (message instanceof JoinOffer m) {
            overlay.onJoinOffer(m);
        } else if (message instanceof FindOutcome m) {
            LOG.debug("{}: request {} ended: host {}, failure {}, {} hops", ctx.self(), m.requestId(), m.host(),
                    m.failure(), m.hops());
        }
    }

    @Override
    public void leave() {
        if (cycleTimer != null) {
            cycleTimer.cancel();
        }
        ctx.exit();
    }

    /** A job started or ended: new coordinates, a hot node, and every linked node told. */
    private void stateChanged() {
        publishState(resources.available());
    }

    private void publishState(ResourceVector available) {
        state = new NodeState(ctx.self(), state.version() + 1, available, schema.point(available));
        overlay.heat();
        StateChanged notice = new StateChanged(state);
        for (NodeId peer : links.nodes()) {
            ctx.send(peer, notice);
        }
    }

    private void release(long jobId) {
        if (resources.release(jobId)) {
            stateChanged();
        }
    }

    private final class LocalHost implements Hosting {
        @Override
        public boolean canHost(FindRequest request) {
            return resources.canHost(request.demand());
        }

        @Override
        public void allocate(FindRequest request) {
            resources.hold(request.requestId(), request.demand());
            stateChanged();
            ctx.schedule(request.durationMillis(), () -> release(request.requestId()));
        }
    }
}
