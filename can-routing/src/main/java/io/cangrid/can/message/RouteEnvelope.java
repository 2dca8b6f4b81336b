package io.cangrid.can.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/**
 * A payload travelling greedily to the owner of {@code target}. {@code walk} counts the random hops still
 * to take before greedy forwarding resumes (0 normally; see {@code GreedyRouting}).
 */
public record RouteEnvelope(Point target, NodeId origin, int hops, int hopLimit, int walk, Message payload)
        implements CanMessage {

    public RouteEnvelope(Point target, NodeId origin, int hops, int hopLimit, Message payload) {
        this(target, origin, hops, hopLimit, 0, payload);
    }

    /** The envelope one greedy or walking hop later. */
    public RouteEnvelope nextHop() {
        return new RouteEnvelope(target, origin, hops + 1, hopLimit, Math.max(0, walk - 1), payload);
    }

    /** The envelope one hop later, starting a random walk of {@code steps} further hops. */
    public RouteEnvelope startWalk(int steps) {
        return new RouteEnvelope(target, origin, hops + 1, hopLimit, steps, payload);
    }
}
