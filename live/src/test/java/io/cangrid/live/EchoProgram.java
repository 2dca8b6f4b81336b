package io.cangrid.live;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.jobs.gateway.GridSubmitted;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A node program for wire tests: keeps every message it receives and answers a {@link GridSubmitted}
 * with a positive ticket by sending it back with the ticket negated (same size on the wire), so two echo
 * nodes do not bounce a message for ever.
 */
final class EchoProgram implements NodeProgram {

    private final NodeContext context;
    final Queue<Message> received = new ConcurrentLinkedQueue<>();

    EchoProgram(NodeContext context) {
        this.context = context;
    }

    @Override
    public void start() {
    }

    @Override
    public void receive(NodeId from, Message message) {
        received.add(message);
        if (message instanceof GridSubmitted s && s.ticket() > 0) {
            context.send(from, new GridSubmitted(-s.ticket(), s.job(), s.refusal()));
        }
    }

    @Override
    public void leave() {
        context.exit();
    }

    /** Whether a {@link GridSubmitted} with this ticket arrived. */
    boolean got(long ticket) {
        return received.stream().anyMatch(m -> m instanceof GridSubmitted s && s.ticket() == ticket);
    }
}
