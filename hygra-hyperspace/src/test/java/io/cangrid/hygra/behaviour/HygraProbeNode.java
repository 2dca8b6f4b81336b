package io.cangrid.hygra.behaviour;

import io.cangrid.hygra.grid.GridSpace;
import io.cangrid.hygra.grid.HygraGridConfig;
import io.cangrid.hygra.grid.HygraOverlay;
import io.cangrid.hygra.message.FindOutcome;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.hygra.protocol.HygraNode;
import io.cangrid.jobs.JobOverlay;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.contract.ContractMessages.Note;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;

/**
 * A HYGRA node as the behaviour suite drives it: the overlay a grid node runs ({@link HygraOverlay}: links,
 * liveness, greedy routing to a point's owner, the run slot searches reserve), with no job life cycle on
 * top. It records the routed notes that ended here and the outcomes of the searches it started; both may be
 * read from any thread. Its view of the overlay is read on its own thread.
 */
final class HygraProbeNode implements NodeProgram {

    /** A node's part of the overlay, as it stands at one moment on its own thread. */
    record View(NodeId id, boolean active, Point point, Capabilities capabilities, Set<NodeId> links) {
    }

    /**
     * A routed note that ended here, the owner of its point, after {@code hops} moves; with this node's
     * point and its links' states as they were when it ended.
     */
    record Arrival(long batch, int seq, int hops, Point point, List<NodeState> links) {
    }

    private final NodeContext ctx;
    private final HygraOverlay overlay;
    private final List<NodeId> bootstraps;
    private final Queue<Arrival> arrivals = new ConcurrentLinkedQueue<>();
    private final Map<Long, FindOutcome> outcomes = new ConcurrentHashMap<>();

    HygraProbeNode(NodeContext ctx, HygraGridConfig config, Capabilities capabilities, List<NodeId> bootstraps) {
        this.ctx = ctx;
        this.bootstraps = List.copyOf(bootstraps);
        this.overlay = new HygraOverlay(ctx, config, capabilities);
        overlay.setEvents(new JobOverlay.Events() {
            @Override
            public void arrived(Message payload, int hops) {
                if (payload instanceof Note n) {
                    HygraNode node = overlay.node();
                    arrivals.add(new Arrival(n.batch(), n.seq(), hops, node.state().point(),
                            List.copyOf(node.links().states())));
                }
            }

            @Override
            public void handedOver(Predicate<Point> inside, NodeId to) {
                // No jobs ride on this overlay.
            }
        });
        overlay.onOutcome(o -> outcomes.put(o.requestId(), o));
    }

    @Override
    public void start() {
        overlay.start(bootstraps);
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (overlay.handles(message)) {
            overlay.receive(from, message);
        }
    }

    @Override
    public void leave() {
        overlay.leave();
    }

    // ---- on the node's thread ------------------------------------------------------------------------

    View view() {
        HygraNode n = overlay.node();
        return new View(ctx.self(), overlay.isActive(), n.state().point(), overlay.capabilities(), n.links().nodes());
    }

    /** Routes {@code note} greedily to the owner of {@code point}, the node nearest it. */
    void route(Point point, Note note) {
        overlay.routeToOwner(point, note);
    }

    /**
     * Starts search {@code id} (Algorithm 3) for a free node meeting {@code requirements}, heading for the
     * requirements' point at {@code virtual} on the virtual axis, as the grid's locator does.
     */
    void find(long id, Requirements requirements, double virtual) {
        GridSpace space = overlay.config().space();
        overlay.node().submit(id, space.demand(requirements), space.schema().pointOf(requirements, virtual), 0);
    }

    // ---- from any thread -----------------------------------------------------------------------------

    List<Arrival> arrivals(long batch) {
        return arrivals.stream().filter(a -> a.batch() == batch).toList();
    }

    FindOutcome outcome(long search) {
        return outcomes.get(search);
    }
}
