package io.cangrid.hygra.grid;

import io.cangrid.hygra.message.FindOutcome;
import io.cangrid.hygra.message.HygraBeacon;
import io.cangrid.hygra.message.HygraMessage;
import io.cangrid.hygra.message.HygraRouted;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.hygra.protocol.FindingListener;
import io.cangrid.hygra.protocol.HygraNode;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.JobOverlay;
import io.cangrid.overlay.resource.Capabilities;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HYGRA's hyperspace as an overlay of the job life cycle (hygra.md, "HYGRA in the job life cycle"). A
 * {@link HygraNode} keeps the links (Algorithms 1 and 2) and moves searches (Algorithm 3); this class adds
 * what the job life cycle needs and the paper leaves out:
 * <ul>
 * <li>ownership: a point belongs to the node nearest it (distance, then node id), reached greedily over
 * the links; a node hands its jobs to a new link that is nearer their points, and a leaving node hands
 * each job to its link nearest the job's point;</li>
 * <li>liveness: a beacon to every link each update period, carrying capabilities and the published run
 * queue state; a link silent for three periods is dropped, and the node re-joins if it lost them all;</li>
 * <li>the run slot ({@link RunSlot}), checked every second so a node that finished is soon found free.</li>
 * </ul>
 */
public final class HygraOverlay implements JobOverlay {

    private static final Logger log = LoggerFactory.getLogger(HygraOverlay.class);

    /**
     * The overlay's clock ticks this often at most, and at least once an update period: a tick slower than
     * the period would find live links silent for more than {@link #SILENT_PERIODS} periods between two of
     * their beacons and drop them.
     */
    static final long POLL_MILLIS = 1_000;
    static final int SILENT_PERIODS = 3;
    /** Greedy routing strictly approaches the point, so it ends; the limit only guards against bugs. */
    static final int ROUTE_HOP_LIMIT = 256;

    private record Heard(Capabilities capabilities, Message published) {
    }

    private final NodeContext ctx;
    private final HygraGridConfig config;
    private final Capabilities capabilities;
    private final Map<NodeId, Heard> heard = new HashMap<>();
    private final Map<NodeId, Long> lastHeard = new HashMap<>();
    /** Nodes this one has heard from and not found dead: where to re-join through. */
    private final Set<NodeId> acquaintances = new LinkedHashSet<>();
    private Set<NodeId> knownLinks = Set.of();
    private HygraNode node;
    private RunSlot slot;
    private double virtual;
    private Events events;
    private Supplier<Message> published = () -> null;
    private Consumer<FindOutcome> outcomes = o -> log.debug("search {} ended with no locator listening", o);
    private boolean active;
    private long nextCycle;
    private long nextBeacon;

    public HygraOverlay(NodeContext ctx, HygraGridConfig config, Capabilities capabilities) {
        this.ctx = ctx;
        this.config = config;
        this.capabilities = capabilities;
    }

    /** The HYGRA node underneath, once started: searches start there. */
    public HygraNode node() {
        return node;
    }

    public HygraGridConfig config() {
        return config;
    }

    /** Where outcomes of searches this node started go (the locator). */
    public void onOutcome(Consumer<FindOutcome> listener) {
        this.outcomes = listener;
    }

    @Override
    public void setEvents(Events events) {
        this.events = events;
    }

    @Override
    public void start(List<NodeId> bootstraps) {
        // The virtual coordinate spreads identical machines apart, as in the CAN: without it, more identical
        // nodes than degmax would link only among themselves, cut off from the rest of the overlay.
        virtual = ctx.random().nextDouble();
        GridSpace space = config.space();
        slot = new RunSlot(ctx, space, space.offer(capabilities, virtual, true), config.updatePeriodMillis(),
                this::refreshSlot);
        slot.publish(published);
        NodeId contact = bootstraps.isEmpty() ? null : bootstraps.get(0);
        node = new HygraNode(ctx, config.parameters().withCyclePeriod(0), space.hyperspace(),
                space.offer(capabilities, virtual, true), contact, FindingListener.NONE, slot);
        acquaintances.addAll(bootstraps);
        active = true;
        node.start();
        nextCycle = ctx.now() + config.parameters().cyclePeriodMillis();
        nextBeacon = ctx.now() + config.updatePeriodMillis();
        ctx.schedule(pollMillis(), this::tick);
    }

    private void tick() {
        if (!active) {
            return;
        }
        long now = ctx.now();
        refreshSlot();
        if (now >= nextCycle) {
            nextCycle = now + config.parameters().cyclePeriodMillis();
            node.cycle();
        }
        if (now >= nextBeacon) {
            nextBeacon = now + config.updatePeriodMillis();
            checkLinks(now);
            beacon(false);
        }
        ctx.schedule(pollMillis(), this::tick);
    }

    private long pollMillis() {
        return Math.min(POLL_MILLIS, config.updatePeriodMillis());
    }

    private void refreshSlot() {
        node.setAvailable(config.space().offer(capabilities, virtual, slot.free()));
    }

    private void beacon(boolean leaving) {
        HygraBeacon beacon = new HygraBeacon(capabilities, published.get(), leaving);
        for (NodeId peer : node.links().nodes()) {
            ctx.send(peer, beacon);
        }
    }

    /** Drops silent links, hands jobs to new links nearer their points, re-joins when alone. */
    private void checkLinks(long now) {
        long silentAfter = SILENT_PERIODS * config.updatePeriodMillis();
        for (NodeId peer : node.links().nodes()) {
            long last = lastHeard.computeIfAbsent(peer, p -> now);
            if (now - last > silentAfter) {
                log.debug("{}: link {} silent since {}, dropped", ctx.self(), peer, last);
                drop(peer);
                acquaintances.remove(peer);
            }
        }
        Set<NodeId> links = node.links().nodes();
        for (NodeId peer : links) {
            if (!knownLinks.contains(peer)) {
                NodeState state = node.links().state(peer);
                events.handedOver(p -> nearer(state, p), peer);
            }
        }
        knownLinks = links;
        lastHeard.keySet().retainAll(links);
        heard.keySet().retainAll(links);
        if (links.isEmpty() && !acquaintances.isEmpty()) {
            List<NodeId> known = new ArrayList<>(acquaintances);
            node.rejoin(known.get(ctx.random().nextInt(known.size())));
        }
    }

    private void drop(NodeId peer) {
        node.forget(peer);
        heard.remove(peer);
        lastHeard.remove(peer);
    }

    /** Whether {@code other} is nearer {@code p} than this node (ties: the lower id). */
    private boolean nearer(NodeState other, Point p) {
        return before(other.point().distanceTo(p), other.node(), node.state().point().distanceTo(p), ctx.self());
    }

    private static boolean before(double d, NodeId id, double dOther, NodeId other) {
        return d < dOther || (d == dOther && id.compareTo(other) < 0);
    }

    @Override
    public void leave() {
        if (!active) {
            ctx.exit();
            return;
        }
        beacon(true);
        active = false;
        List<NodeState> links = new ArrayList<>(node.links().states());
        for (NodeState to : links) {
            events.handedOver(p -> nearestOf(links, p).equals(to.node()), to.node());
        }
        node.leave();
    }

    private static NodeId nearestOf(List<NodeState> candidates, Point p) {
        NodeState best = null;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (NodeState s : candidates) {
            double d = s.point().distanceTo(p);
            if (best == null || before(d, s.node(), bestDistance, best.node())) {
                best = s;
                bestDistance = d;
            }
        }
        return best == null ? null : best.node();
    }

    @Override
    public boolean handles(Message message) {
        return message instanceof HygraMessage;
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (!active) {
            return;
        }
        acquaintances.add(from);
        if (node.links().contains(from)) {
            lastHeard.put(from, ctx.now());
        }
        if (message instanceof HygraBeacon b) {
            if (b.leaving()) {
                drop(from);
                acquaintances.remove(from);
            } else {
                heard.put(from, new Heard(b.capabilities(), b.published()));
            }
        } else if (message instanceof HygraRouted r) {
            deliver(r);
        } else if (message instanceof FindOutcome o) {
            outcomes.accept(o);
        } else {
            node.receive(from, message);
        }
    }

    private void deliver(HygraRouted r) {
        NodeState self = node.state();
        NodeId next = ctx.self();
        double best = self.point().distanceTo(r.point());
        for (NodeState link : node.links().states()) {
            double d = link.point().distanceTo(r.point());
            if (before(d, link.node(), best, next)) {
                next = link.node();
                best = d;
            }
        }
        if (next.equals(ctx.self()) || r.hops() >= ROUTE_HOP_LIMIT) {
            events.arrived(r.payload(), r.hops());
        } else {
            ctx.send(next, new HygraRouted(r.point(), r.payload(), r.hops() + 1));
        }
    }

    @Override
    public boolean isActive() {
        return active;
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public void routeToOwner(Point point, Message payload) {
        deliver(new HygraRouted(point, payload, 0));
    }

    @Override
    public List<Neighbour> neighbours() {
        List<Neighbour> out = new ArrayList<>();
        if (node == null) {
            return out;
        }
        for (NodeId peer : node.links().nodes()) {
            Heard h = heard.get(peer);
            if (h != null) {
                out.add(new Neighbour(peer, h.capabilities(), h.published()));
            }
        }
        return out;
    }

    @Override
    public void publish(Supplier<Message> state) {
        this.published = state;
        if (slot != null) {
            slot.publish(state);
        }
    }
}
