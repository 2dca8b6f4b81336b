package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.CanMessage;
import io.cangrid.can.message.JoinAccept;
import io.cangrid.can.message.JoinRequest;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.RouteEnvelope;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One real CAN node in a simulation of its own, given zones by a join answer the test writes, whose peers
 * exist only as the messages the test makes them send. Messages to them are recorded and then lost: the
 * test sees exactly what the node says, and when.
 */
final class LoneNode {

    static final CanConfig CONFIG = CanConfig.withUpdatePeriod(1_000);
    private static final NodeId BOOTSTRAP = NodeId.of(99);
    private static final Capabilities NO_CAPABILITIES = new Capabilities();

    /** A message the node sent. */
    record Sent(NodeId to, Message message, long at) {
    }

    final Simulation sim = new Simulation(SimulationConfig.defaults(1));
    final CanNode can;
    final List<Sent> sent = new ArrayList<>();

    /** A node at {@code point} that joined and was given {@code zones}. */
    LoneNode(Point point, Zone... zones) {
        this(point);
        accept(zones);
    }

    /** A node at {@code point} still waiting for the answer to its join. */
    LoneNode(Point point) {
        NodeId id = sim.addNode(ctx -> new CanNodeProgram(ctx, CONFIG, point, NO_CAPABILITIES, List.of(BOOTSTRAP)));
        can = sim.program(id, CanNodeProgram.class).can();
        sim.setMessageObserver((from, to, m, now) -> {
            if (from.equals(can.id())) {
                sent.add(new Sent(to, m, now));
            }
        });
        sim.runFor(1);
    }

    /** The answer to the node's join, giving it {@code zones}. */
    void accept(Zone... zones) {
        deliver(BOOTSTRAP, new JoinAccept(zones, new NodeZones[0], 1));
    }

    /** Hands {@code message} from {@code from} to the node now. */
    void deliver(NodeId from, CanMessage message) {
        sim.after(0, () -> can.receive(from, message));
        sim.runFor(0);
    }

    /** A first-hand state message of peer {@code id} claiming {@code zones} at {@code version}. */
    void hear(long id, long version, Zone... zones) {
        NodeId from = NodeId.of(id);
        deliver(from, new NeighbourState(new NodeZones(from, version, zones), centre(zones[0]), NO_CAPABILITIES,
                new NodeZones[0], null));
    }

    /** A join request of {@code joiner} for {@code point}, arriving as the last hop of its route. */
    void joinRequest(long joiner, Point point) {
        JoinRequest request = new JoinRequest(NodeId.of(joiner), point, 1);
        deliver(NodeId.of(joiner), new RouteEnvelope(point, NodeId.of(joiner), 3, CONFIG.hopLimit(), request));
    }

    void runUntil(BooleanSupplier done, long forMillis) {
        sim.runUntil(done, sim.now() + forMillis);
    }

    /** The messages of {@code type} the node sent to {@code to} since {@code since}. */
    <T extends Message> List<T> sentTo(long to, Class<T> type, long since) {
        List<T> out = new ArrayList<>();
        for (Sent s : sent) {
            if (s.to().value() == to && s.at() >= since && type.isInstance(s.message())) {
                out.add(type.cast(s.message()));
            }
        }
        return out;
    }

    boolean holds(Zone zone) {
        for (Zone z : can.zones()) {
            if (z.sameBox(zone)) {
                return true;
            }
        }
        return false;
    }

    static Point centre(Zone z) {
        double[] c = new double[z.dimensions()];
        for (int d = 0; d < c.length; d++) {
            c[d] = z.lo(d) + z.length(d) / 2;
        }
        return Point.of(c);
    }
}
