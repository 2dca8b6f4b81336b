package io.cangrid.hygra.grid;

import io.cangrid.hygra.message.NodeState;
import io.cangrid.hygra.protocol.HygraNode;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.resource.Capabilities;

/**
 * What a live HYGRA node tells an operator about itself: what it offers, what is free of it now, the
 * nodes it is linked to (as it last heard of them), its annealing temperature and its degree limits, so
 * that a walk over the grid can check that every node keeps its degree between the limits and that every
 * link is known on both ends.
 *
 * @param requestId   the operator's request this answers
 * @param phase       {@code ACTIVE} once the node has started, {@code JOINING} before
 * @param available   the node's free resources, in the hyperspace's units
 * @param links       the linked nodes' last states
 * @param queueLength jobs waiting at this node to run
 */
public record HygraReport(long requestId, NodeId node, String phase, Capabilities capabilities, long[] available,
        NodeState[] links, int temperature, int degMin, int degMax, int queueLength) implements Message {

    /** The report of the node under {@code overlay}, built on the node's thread. */
    public static HygraReport of(long requestId, NodeId self, HygraOverlay overlay, int queueLength) {
        HygraNode n = overlay.node();
        int degMin = overlay.config().parameters().degMin();
        int degMax = overlay.config().parameters().degMax();
        if (n == null) {
            return new HygraReport(requestId, self, "JOINING", overlay.capabilities(), new long[0], new NodeState[0],
                    0, degMin, degMax, queueLength);
        }
        return new HygraReport(requestId, self, overlay.isActive() ? "ACTIVE" : "LEFT", overlay.capabilities(),
                n.resources().available().amounts(), n.links().snapshot(), n.temperature(), degMin, degMax,
                queueLength);
    }
}
