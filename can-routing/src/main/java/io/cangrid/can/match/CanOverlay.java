package io.cangrid.can.match;

import io.cangrid.can.CanListener;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.CanMessage;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.JobOverlay;
import io.cangrid.overlay.resource.Capabilities;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The CAN as the job life cycle's overlay: routing to a point's owner is CAN routing, the neighbours are
 * the neighbour table, published state rides in the extension slot of the neighbour state messages, and
 * zones handed over (to a joiner, on a leave) take the jobs whose points lie in them along.
 */
public final class CanOverlay implements JobOverlay {

    private final CanNode can;

    public CanOverlay(CanNode can) {
        this.can = can;
    }

    /** The CAN node itself, for locators written for the CAN. */
    public CanNode can() {
        return can;
    }

    @Override
    public void setEvents(Events events) {
        can.setRoutedHandler((target, payload, hops) -> events.arrived(payload, hops));
        can.setForwardObserver((payload, next) -> events.forwarded(payload, next));
        can.addListener(new CanListener() {
            @Override
            public void zonesHandedOver(Zone[] zones, NodeId to) {
                events.handedOver(p -> insideAny(zones, p), to);
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

    @Override
    public void start(List<NodeId> bootstraps) {
        if (bootstraps.isEmpty()) {
            can.startAsFirst();
        } else {
            can.join(bootstraps);
        }
    }

    @Override
    public void leave() {
        can.leave();
    }

    @Override
    public boolean handles(Message message) {
        return message instanceof CanMessage;
    }

    @Override
    public void receive(NodeId from, Message message) {
        can.receive(from, (CanMessage) message);
    }

    @Override
    public void heardFrom(NodeId from) {
        can.heardFrom(from);
    }

    @Override
    public boolean isActive() {
        return can.phase() == CanPhase.ACTIVE;
    }

    @Override
    public Capabilities capabilities() {
        return can.capabilities();
    }

    @Override
    public boolean holds(Point point) {
        return can.owns(point);
    }

    @Override
    public void routeToOwner(Point point, Message payload) {
        can.route(point, payload);
    }

    @Override
    public String describeZones() {
        StringBuilder sb = new StringBuilder();
        for (Zone z : can.zones()) {
            sb.append(sb.isEmpty() ? "" : " ").append(z);
        }
        return sb.toString();
    }

    @Override
    public List<Neighbour> neighbours() {
        List<NeighbourEntry> entries = can.neighbours();
        List<Neighbour> out = new ArrayList<>(entries.size());
        for (NeighbourEntry e : entries) {
            if (e.lastState() != null) {
                out.add(new Neighbour(e.id(), e.lastState().capabilities(), e.lastState().extension()));
            }
        }
        return out;
    }

    @Override
    public void publish(Supplier<Message> state) {
        can.setStateExtension(state);
    }
}
