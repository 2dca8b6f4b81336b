package io.cangrid.live;

import java.security.MessageDigest;

/**
 * The cryptography of one handshake. Each side proves it holds the secret with an HMAC over both hellos
 * (hence over both fresh nonces) under a label naming its role, so a proof can be neither replayed into
 * another connection nor reflected back at its sender. The frame keys are derived from the secret and
 * both nonces (extract, then expand per direction, as HKDF does), so each connection and each direction
 * has keys of its own and the secret itself never keys a frame.
 */
final class SessionKeys {

    static final int PROOF_BYTES = 32;

    private SessionKeys() {
    }

    static byte[] proof(GridSecret secret, boolean initiator, byte[] initiatorHello, byte[] responderHello) {
        return secret.mac(GridSecret.label(initiator ? "cangrid proof initiator" : "cangrid proof responder"),
                initiatorHello, responderHello);
    }

    static boolean proofMatches(byte[] expected, byte[] received) {
        return MessageDigest.isEqual(expected, received);
    }

    /** The key of frames sent by the initiator ({@code fromInitiator}) or by the responder. */
    static byte[] frameKey(GridSecret secret, Hello initiator, Hello responder, boolean fromInitiator) {
        byte[] prk = secret.mac(GridSecret.label("cangrid session"), initiator.nonce(), responder.nonce());
        return GridSecret.hmac(prk, new byte[][] { GridSecret.label(fromInitiator ? "initiator to responder" : "responder to initiator"),
                new byte[] {1}});
    }
}
