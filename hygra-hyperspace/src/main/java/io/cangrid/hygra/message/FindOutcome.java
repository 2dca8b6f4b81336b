package io.cangrid.hygra.message;

import io.cangrid.overlay.NodeId;

/**
 * Tells a request's origin where it ended: a host, or (host null) why it failed and the best fallback the
 * request had seen (null when none offered itself).
 */
public record FindOutcome(long requestId, NodeId host, FindFailure failure, int hops, Fallback fallback)
        implements HygraMessage {

    public boolean allocated() {
        return host != null;
    }
}
