package io.cangrid.can.inspect;

import io.cangrid.overlay.PeersRequest;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.resource.Capabilities;

/**
 * A node's answer to {@link PeersRequest}: its own report, its phase on the overlay, its capabilities,
 * the length of its run queue (0 on a node that runs no jobs) and the text of its machine's ad, the attributes
 * and {@code Start} it publishes (null: it publishes none).
 */
public record PeersReply(long requestId, NodeReport report, String phase, Capabilities capabilities,
        int queueLength, String ad) implements Message {

    public PeersReply(long requestId, NodeReport report, String phase, Capabilities capabilities, int queueLength) {
        this(requestId, report, phase, capabilities, queueLength, null);
    }

    /** The neighbours' claims, as the report carries them. */
    public NodeZones[] neighbours() {
        return report.neighbours();
    }
}
