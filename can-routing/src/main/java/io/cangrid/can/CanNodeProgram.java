package io.cangrid.can;

import io.cangrid.can.message.CanMessage;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node that runs the CAN overlay alone: what overlay tests and the routing benchmark host. A node
 * without a bootstrap peer starts a new grid; otherwise it joins through that peer.
 */
public final class CanNodeProgram implements NodeProgram {

    private static final Logger log = LoggerFactory.getLogger(CanNodeProgram.class);

    private final CanNode can;
    /** Needed only to start: released then, as a million-node simulation keeps every program. */
    private java.util.List<NodeId> bootstraps;

    /** A node that joins through {@code bootstraps} (tried in turn), or starts a grid when the list is empty. */
    public CanNodeProgram(NodeContext ctx, CanConfig config, Point point, Capabilities capabilities,
            java.util.List<NodeId> bootstraps) {
        this.can = new CanNode(ctx, config, point, capabilities);
        this.bootstraps = java.util.List.copyOf(bootstraps);
    }

    public CanNode can() {
        return can;
    }

    @Override
    public void start() {
        if (bootstraps == null) {
            throw new IllegalStateException(can.id().shortName() + " was started already");
        }
        if (bootstraps.isEmpty()) {
            can.startAsFirst();
        } else {
            can.join(bootstraps);
        }
        bootstraps = null;
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (message instanceof CanMessage m) {
            can.receive(from, m);
        } else {
            log.warn("{}: ignoring {} from {}: this node runs only the overlay", can.id().shortName(),
                    message.getClass().getName(), from);
        }
    }

    @Override
    public void leave() {
        can.leave();
    }
}
