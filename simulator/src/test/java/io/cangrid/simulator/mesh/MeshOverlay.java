package io.cangrid.simulator.mesh;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.JobOverlay;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.mesh.MeshMessages.MeshRouted;
import io.cangrid.simulator.mesh.MeshMessages.MeshState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The simplest overlay the job life cycle can run on, as a test fixture: every node knows every other and
 * sends each its state once a period; a point belongs to the live member that wins rendezvous hashing
 * for it, so a joiner takes over exactly the points it now wins and a leaver hands each point to the
 * member that wins it next. Routing is one hop (two when views differ).
 */
final class MeshOverlay implements JobOverlay {

    static final long PERIOD_MILLIS = 2_000;
    private static final int SILENT_PERIODS = 3;
    private static final int HOP_LIMIT = 8;

    private record Heard(Capabilities capabilities, Message published, long at) {
    }

    private final NodeContext ctx;
    private final MeshDirectory directory;
    private final Capabilities capabilities;
    private final Map<NodeId, Heard> heard = new LinkedHashMap<>();
    private Events events;
    private Supplier<Message> published = () -> null;
    private boolean active;

    MeshOverlay(NodeContext ctx, MeshDirectory directory, Capabilities capabilities) {
        this.ctx = ctx;
        this.directory = directory;
        this.capabilities = capabilities;
    }

    @Override
    public void setEvents(Events events) {
        this.events = events;
    }

    @Override
    public void start(List<NodeId> bootstraps) {
        // The owners of the points we now win hand them over as soon as they hear of us.
        directory.joined(ctx.self());
        active = true;
        broadcast(false);
        ctx.schedule(PERIOD_MILLIS, this::tick);
    }

    private void tick() {
        if (!active) {
            return;
        }
        long now = ctx.now();
        heard.values().removeIf(h -> now - h.at() > SILENT_PERIODS * PERIOD_MILLIS);
        broadcast(false);
        ctx.schedule(PERIOD_MILLIS, this::tick);
    }

    private void broadcast(boolean leaving) {
        MeshState state = new MeshState(capabilities, published.get(), leaving);
        for (NodeId m : directory.members()) {
            if (!m.equals(ctx.self())) {
                ctx.send(m, state);
            }
        }
    }

    @Override
    public void leave() {
        broadcast(true);
        active = false;
        List<NodeId> others = live();
        others.remove(ctx.self());
        for (NodeId to : others) {
            events.handedOver(p -> ownerAmong(others, p).equals(to), to);
        }
        ctx.exit();
    }

    @Override
    public boolean handles(Message message) {
        return message instanceof MeshState || message instanceof MeshRouted;
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (!active) {
            return;
        }
        if (message instanceof MeshState s) {
            if (s.leaving()) {
                heard.remove(from);
                return;
            }
            boolean isNew = !heard.containsKey(from);
            heard.put(from, new Heard(s.capabilities(), s.published(), ctx.now()));
            if (isNew) {
                // The newcomer now wins some of our points: their jobs' ownership goes with them.
                events.handedOver(p -> owner(p).equals(from), from);
            }
        } else if (message instanceof MeshRouted r) {
            deliver(r);
        }
    }

    private void deliver(MeshRouted r) {
        NodeId owner = owner(r.point());
        if (owner.equals(ctx.self()) || r.hops() >= HOP_LIMIT) {
            events.arrived(r.payload(), r.hops());
        } else {
            ctx.send(owner, new MeshRouted(r.point(), r.payload(), r.hops() + 1));
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
        deliver(new MeshRouted(point, payload, 0));
    }

    @Override
    public List<Neighbour> neighbours() {
        List<Neighbour> out = new ArrayList<>(heard.size());
        heard.forEach((id, h) -> out.add(new Neighbour(id, h.capabilities(), h.published())));
        return out;
    }

    @Override
    public void publish(Supplier<Message> state) {
        this.published = state;
    }

    /** This node and every member heard from lately. */
    private List<NodeId> live() {
        List<NodeId> out = new ArrayList<>(heard.keySet());
        if (active) {
            out.add(ctx.self());
        }
        return out;
    }

    private NodeId owner(Point p) {
        return ownerAmong(live(), p);
    }

    /** Rendezvous hashing: the member whose mix with the point scores highest. */
    static NodeId ownerAmong(List<NodeId> members, Point p) {
        NodeId best = null;
        long bestScore = Long.MIN_VALUE;
        long key = Double.doubleToLongBits(p.get(p.dimensions() - 1)) * 31 + p.hashCode();
        for (NodeId m : members) {
            long score = mix(key ^ mix(m.value()));
            if (best == null || score > bestScore) {
                best = m;
                bestScore = score;
            }
        }
        return best;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
