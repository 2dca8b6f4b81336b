package io.cangrid.hygra.message;

import io.cangrid.overlay.NodeId;

/** Tells a request's origin where it ended: a host, or (host null) why it failed. */
public record FindOutcome(long requestId, NodeId host, FindFailure failure, int hops) implements HygraMessage {

    public boolean allocated() {
        return host != null;
    }
}
