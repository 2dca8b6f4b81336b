package io.cangrid.live;

import io.cangrid.overlay.NodeId;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The first frame each side sends: protocol version, grid name, a fresh nonce, and who the sender is
 * (its id and the address peers reach it at; a client has none). The proofs that follow are MACs over
 * both hellos' exact bytes, so everything here is authenticated once the handshake completes.
 */
record Hello(int version, String grid, byte[] nonce, NodeId node) {

    /** 2: zone faces numbered per message, doubles in their short form; a node of version 1 could not read them. */
    static final int PROTOCOL_VERSION = 3;
    static final int NONCE_BYTES = 32;
    static final int MAX_TEXT = 255;
    /** Magic, version, both texts at their longest with their lengths, nonce, id, port. */
    static final int MAX_BYTES = 4 + 4 + 1 + MAX_TEXT + NONCE_BYTES + 8 + 1 + MAX_TEXT + 4;
    private static final int MAGIC = 0x43475244; // "CGRD"

    byte[] encode() {
        byte[] g = grid.getBytes(StandardCharsets.UTF_8);
        byte[] h = node.hasAddress() ? node.host().getBytes(StandardCharsets.UTF_8) : new byte[0];
        ByteBuffer b = ByteBuffer.allocate(4 + 4 + 1 + g.length + NONCE_BYTES + 8 + 1 + h.length + 4);
        b.putInt(MAGIC).putInt(version).put((byte) g.length).put(g).put(nonce).putLong(node.value())
                .put((byte) h.length).put(h).putInt(node.hasAddress() ? node.port() : 0);
        return b.array();
    }

    static Hello decode(byte[] bytes) throws ConnectionRejected {
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            if (b.getInt() != MAGIC) {
                throw new ConnectionRejected("not a cangrid handshake (bad magic)");
            }
            int version = b.getInt();
            String grid = text(b);
            byte[] nonce = new byte[NONCE_BYTES];
            b.get(nonce);
            long value = b.getLong();
            String host = text(b);
            int port = b.getInt();
            if (b.hasRemaining()) {
                throw new ConnectionRejected("handshake hello has " + b.remaining() + " trailing byte(s)");
            }
            NodeId node = host.isEmpty() ? NodeId.of(value) : new NodeId(value, host, port);
            return new Hello(version, grid, nonce, node);
        } catch (BufferUnderflowException e) {
            throw new ConnectionRejected("truncated handshake hello (" + bytes.length + " bytes)");
        } catch (IllegalArgumentException e) {
            throw new ConnectionRejected("invalid handshake hello: " + e.getMessage());
        }
    }

    private static String text(ByteBuffer b) {
        int n = b.get() & 0xff;
        byte[] t = new byte[n];
        b.get(t);
        return new String(t, StandardCharsets.UTF_8);
    }
}
