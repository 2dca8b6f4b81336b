package io.cangrid.hygra.protocol;

import io.cangrid.hygra.message.FindFailure;
import io.cangrid.hygra.message.FindRequest;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.overlay.NodeId;

/**
 * Told, on the node where it happens, how a request ends. The tick experiment measures through it; it is
 * called before the allocation changes the host, so a measurement still sees the host as the request did.
 */
public interface FindingListener {

    FindingListener NONE = new FindingListener() {
    };

    default void allocated(FindRequest request, NodeState hostBefore) {
    }

    default void failed(FindRequest request, NodeId at, FindFailure failure) {
    }

    /** Every move of a request, forward or back, as it leaves {@code from}. */
    default void moved(FindRequest request, NodeId from, NodeId to, boolean back) {
    }
}
