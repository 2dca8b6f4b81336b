package io.cangrid.live;

import io.cangrid.overlay.NodeId;
import io.netty.channel.Channel;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * One connection of a node and what waits for it: messages queued while the handshake runs, and anyone
 * who opened it to learn who listens at an address. Touched on the node's thread only.
 */
final class PeerLink {

    final Channel channel;
    final boolean outbound;
    final CompletableFuture<NodeId> identified = new CompletableFuture<>();
    private final ArrayDeque<EncodedMessage> pending = new ArrayDeque<>();
    NodeId remote;
    boolean open;

    PeerLink(Channel channel, boolean outbound) {
        this.channel = channel;
        this.outbound = outbound;
    }

    /** Queues a message until the handshake is done; false when the queue is full. */
    boolean hold(EncodedMessage m, int limit) {
        if (pending.size() >= limit) {
            return false;
        }
        pending.add(m);
        return true;
    }

    /** Writes what waited for the handshake, in order. */
    void release() {
        EncodedMessage m;
        while ((m = pending.poll()) != null) {
            channel.write(m, channel.voidPromise());
        }
        channel.flush();
    }

    int discardPending() {
        int n = pending.size();
        pending.clear();
        return n;
    }

    boolean hasPending() {
        return !pending.isEmpty();
    }
}
