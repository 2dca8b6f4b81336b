package io.cangrid.can.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/**
 * A payload travelling to the owner of {@code target}. {@code walk} counts the random hops still to take
 * before greedy forwarding resumes (0 normally); {@code leg} says how the next hop is chosen (see
 * {@code GreedyRouting}): {@link #LEG_GREEDY}, climbing along dimension {@code leg - 1} when positive,
 * greedy to the end after a climb along dimension {@code -leg - 1} when negative; {@code via}, when set, is where the receiver passes the envelope on without deciding,
 * the second hop of a two-hop step its sender chose.
 */
public record RouteEnvelope(Point target, NodeId origin, int hops, int hopLimit, int walk, int leg, NodeId via,
        Message payload) implements CanMessage {

    /** Greedy forwarding that may still start a climb. */
    public static final int LEG_GREEDY = 0;

    public RouteEnvelope(Point target, NodeId origin, int hops, int hopLimit, Message payload) {
        this(target, origin, hops, hopLimit, 0, LEG_GREEDY, null, payload);
    }

    /** Climbing along dimension {@code d}. */
    public static int climbLeg(int d) {
        return d + 1;
    }

    /** Greedy to the end, after a climb along dimension {@code d}. */
    public static int finalLeg(int d) {
        return -d - 1;
    }

    /** The dimension climbed along, now or earlier on this route; -1 before any climb. */
    public int climbDimension() {
        return leg > 0 ? leg - 1 : (leg < 0 ? -leg - 1 : -1);
    }

    /** The envelope one greedy or walking hop later. */
    public RouteEnvelope nextHop() {
        return new RouteEnvelope(target, origin, hops + 1, hopLimit, Math.max(0, walk - 1), leg, null, payload);
    }

    /** The envelope one hop later, starting a random walk of {@code steps} further hops. */
    public RouteEnvelope startWalk(int steps) {
        return new RouteEnvelope(target, origin, hops + 1, hopLimit, steps, leg, null, payload);
    }

    /** The envelope one hop later on leg {@code newLeg}, to be passed on to {@code then} (or null). */
    public RouteEnvelope nextHop(int newLeg, NodeId then) {
        return new RouteEnvelope(target, origin, hops + 1, hopLimit, walk, newLeg, then, payload);
    }
}
