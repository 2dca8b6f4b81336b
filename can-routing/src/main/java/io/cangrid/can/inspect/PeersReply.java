package io.cangrid.can.inspect;

import io.cangrid.overlay.PeersRequest;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.resource.Capabilities;

/**
 * A node's answer to {@link PeersRequest}: its own report, its phase on the overlay, its capabilities
 * and the length of its run queue (0 on a node that runs no jobs).
 */
public record PeersReply(long requestId, NodeReport report, String phase, Capabilities capabilities,
        int queueLength) implements Message {

    /** The neighbours' claims, as the report carries them. */
    public NodeZones[] neighbours() {
        return report.neighbours();
    }
}
