package io.cangrid.live;

/**
 * A node's traffic so far: messages handed to the network, messages delivered to its program, messages
 * dropped because the peer could not be reached (or its queue was full), connections refused, and the bytes
 * it wrote to its sockets (every connection's handshakes and frames, with their prefixes, MACs and any TLS).
 */
public record NetStats(long sent, long delivered, long dropped, long rejectedConnections, int connections,
        long bytesWritten) {
}
