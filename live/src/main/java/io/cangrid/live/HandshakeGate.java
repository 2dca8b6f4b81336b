package io.cangrid.live;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * Caps the connections a node's grid port holds in their handshake, that is not yet authenticated: in
 * all, and per source address, so that one host cannot take every slot. Each such connection may hold a
 * TLS session, a handshake deadline and a partial frame; a stranger opening them by the hundred used to
 * cost a node hundreds of megabytes and slow its honest handshakes to seconds. A connection gives its slot
 * back once authenticated or closed. Used on the node's event loop only.
 */
final class HandshakeGate {

    private static final AttributeKey<Object> SLOT = AttributeKey.valueOf("cangrid.handshake-slot");

    private final int maxTotal;
    private final int maxPerAddress;
    private final Map<Object, Integer> perAddress = new HashMap<>();
    private int total;

    HandshakeGate(int maxTotal, int maxPerAddress) {
        this.maxTotal = maxTotal;
        this.maxPerAddress = maxPerAddress;
    }

    /**
     * Takes a slot for a connection just accepted, given back when it closes or {@link #release}s it.
     *
     * @return null when admitted, otherwise why the connection must be closed
     */
    String admit(Channel ch) {
        Object from = source(ch.remoteAddress());
        if (total >= maxTotal) {
            return "too many connections in their handshake (" + total + ", the most this node admits)";
        }
        int fromThere = perAddress.getOrDefault(from, 0);
        if (fromThere >= maxPerAddress) {
            return "too many connections in their handshake from this address (" + fromThere + ", the most this"
                    + " node admits from one address)";
        }
        total++;
        perAddress.put(from, fromThere + 1);
        ch.attr(SLOT).set(from);
        ch.closeFuture().addListener(closed -> release(ch));
        return null;
    }

    /** Gives back the connection's slot, if it holds one: it is authenticated, or closed. */
    void release(Channel ch) {
        Object from = ch.attr(SLOT).getAndSet(null);
        if (from != null) {
            total--;
            perAddress.computeIfPresent(from, (address, n) -> n > 1 ? n - 1 : null);
        }
    }

    int inHandshake() {
        return total;
    }

    /** Ports differ per connection; the host is what one party controls, so slots are counted per host. */
    private static Object source(SocketAddress remote) {
        return remote instanceof InetSocketAddress inet && inet.getAddress() != null ? inet.getAddress() : remote;
    }
}
