package io.cangrid.live;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * The second frame of each side: its credential (a MAC under the grid secret, or its admission token) and
 * the proof of its own key: a MAC over both hellos and that credential under the secret the two sides'
 * keys agree ({@link StaticAgreements}).
 */
record HandshakeProof(int kind, byte[] credential, byte[] keyProof) {

    static final int MAX_BYTES = 1 + 2 + Math.max(SessionKeys.PROOF_BYTES, AdmissionToken.MAX_BYTES)
            + SessionKeys.PROOF_BYTES;

    byte[] encode() {
        return ByteBuffer.allocate(3 + credential.length + keyProof.length).put((byte) kind)
                .putShort((short) credential.length).put(credential).put(keyProof).array();
    }

    static HandshakeProof decode(byte[] bytes) throws ConnectionRejected {
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            int kind = b.get();
            int n = b.getShort() & 0xffff;
            byte[] credential = new byte[n];
            b.get(credential);
            byte[] keyProof = new byte[SessionKeys.PROOF_BYTES];
            b.get(keyProof);
            if (b.hasRemaining()) {
                throw new ConnectionRejected("handshake proof has " + b.remaining() + " trailing byte(s)");
            }
            return new HandshakeProof(kind, credential, keyProof);
        } catch (BufferUnderflowException e) {
            throw new ConnectionRejected("truncated handshake proof (" + bytes.length + " bytes)");
        }
    }
}
