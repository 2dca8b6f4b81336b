package io.cangrid.live;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * The second frame of each side: its credential (a MAC under the grid secret, or its admission token) and
 * its signature, with its own key, over both hellos and that credential.
 */
record HandshakeProof(int kind, byte[] credential, byte[] signature) {

    static final int MAX_BYTES = 1 + 2 + Math.max(SessionKeys.PROOF_BYTES, AdmissionToken.MAX_BYTES)
            + NodeKey.SIGNATURE_BYTES;

    byte[] encode() {
        return ByteBuffer.allocate(3 + credential.length + signature.length).put((byte) kind)
                .putShort((short) credential.length).put(credential).put(signature).array();
    }

    static HandshakeProof decode(byte[] bytes) throws ConnectionRejected {
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            int kind = b.get();
            int n = b.getShort() & 0xffff;
            byte[] credential = new byte[n];
            b.get(credential);
            byte[] signature = new byte[NodeKey.SIGNATURE_BYTES];
            b.get(signature);
            if (b.hasRemaining()) {
                throw new ConnectionRejected("handshake proof has " + b.remaining() + " trailing byte(s)");
            }
            return new HandshakeProof(kind, credential, signature);
        } catch (BufferUnderflowException e) {
            throw new ConnectionRejected("truncated handshake proof (" + bytes.length + " bytes)");
        }
    }
}
