package io.cangrid.live;

import io.cangrid.overlay.NodeId;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The first frame each side sends: protocol version, grid name, a fresh nonce, the sender's public key and
 * life (incarnation), and the address peers reach it at (a client has none). The sender's id is not sent but derived from its key and life ({@link NodeKey#nodeId}), so no one
 * can use an id without its key. The signatures that follow cover both hellos' exact bytes, so everything
 * here is authenticated once the handshake completes.
 */
record Hello(int version, String grid, byte[] nonce, byte[] key, long incarnation, String host, int port) {

    /** 4: own keys and ids derived from them; a node of version 3 could not read the hello. */
    static final int PROTOCOL_VERSION = 4;
    static final int NONCE_BYTES = 32;
    static final int MAX_TEXT = 255;
    /** Magic, version, both texts at their longest with their lengths, nonce, keys, incarnation, port. */
    static final int MAX_BYTES = 4 + 4 + 1 + MAX_TEXT + NONCE_BYTES + NodeKey.PUBLIC_BYTES + 8 + 1 + MAX_TEXT + 4;
    private static final int MAGIC = 0x43475244; // "CGRD"

    /** A hello for {@code self}, whose id must be the one its key and life give. */
    static Hello of(String grid, byte[] nonce, NodeKey key, long incarnation, NodeId self) {
        if (NodeKey.nodeId(key.publicKey(), incarnation) != self.value()) {
            throw new IllegalArgumentException("node id " + self.shortName() + " is not the one its key gives");
        }
        return new Hello(PROTOCOL_VERSION, grid, nonce, key.publicKey(), incarnation,
                self.hasAddress() ? self.host() : null, self.hasAddress() ? self.port() : 0);
    }

    /** The sender's id: derived from its key and life, with the address it gave. */
    NodeId node() {
        long value = NodeKey.nodeId(key, incarnation);
        return host == null ? NodeId.of(value) : new NodeId(value, host, port);
    }

    byte[] encode() {
        byte[] g = grid.getBytes(StandardCharsets.UTF_8);
        byte[] h = host != null ? host.getBytes(StandardCharsets.UTF_8) : new byte[0];
        ByteBuffer b = ByteBuffer.allocate(4 + 4 + 1 + g.length + NONCE_BYTES + NodeKey.PUBLIC_BYTES + 8 + 1
                + h.length + 4);
        b.putInt(MAGIC).putInt(version).put((byte) g.length).put(g).put(nonce).put(key).putLong(incarnation)
                .put((byte) h.length).put(h).putInt(port);
        return b.array();
    }

    static Hello decode(byte[] bytes) throws ConnectionRejected {
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            if (b.getInt() != MAGIC) {
                throw new ConnectionRejected("not a cangrid handshake (bad magic)");
            }
            int version = b.getInt();
            if (version != PROTOCOL_VERSION) {
                // Later fields may differ between versions: name the mismatch rather than misread them.
                throw new ConnectionRejected("protocol version " + version + ", this node speaks " + PROTOCOL_VERSION);
            }
            String grid = text(b);
            byte[] nonce = bytes(b, NONCE_BYTES);
            byte[] key = bytes(b, NodeKey.PUBLIC_BYTES);
            long incarnation = b.getLong();
            String host = text(b);
            int port = b.getInt();
            if (b.hasRemaining()) {
                throw new ConnectionRejected("handshake hello has " + b.remaining() + " trailing byte(s)");
            }
            if (!host.isEmpty() && (port <= 0 || port > 65535)) {
                throw new ConnectionRejected("invalid handshake hello: port must be in 1..65535, was " + port);
            }
            return new Hello(version, grid, nonce, key, incarnation, host.isEmpty() ? null : host,
                    host.isEmpty() ? 0 : port);
        } catch (BufferUnderflowException e) {
            throw new ConnectionRejected("truncated handshake hello (" + bytes.length + " bytes)");
        }
    }

    private static byte[] bytes(ByteBuffer b, int n) {
        byte[] out = new byte[n];
        b.get(out);
        return out;
    }

    private static String text(ByteBuffer b) {
        int n = b.get() & 0xff;
        byte[] t = new byte[n];
        b.get(t);
        return new String(t, StandardCharsets.UTF_8);
    }
}
