package io.cangrid.live;

import java.security.MessageDigest;

/**
 * The cryptography of one handshake. Each side proves its own key with a MAC over both hellos (hence both
 * fresh nonces) and its credential, under the secret the two sides' keys agree by X25519, with a label
 * naming its role, so a proof can be neither replayed into another connection nor reflected back at its
 * sender; in a grid admitted by a shared secret the credential is itself an HMAC over both hellos under the
 * secret. The frame keys are derived from the keys' agreed secret, both nonces and, where there is one, the
 * grid secret (extract, then expand per direction, as HKDF does), so each connection and each direction
 * has keys of its own.
 */
final class SessionKeys {

    static final int PROOF_BYTES = 32;

    private SessionKeys() {
    }

    static byte[] label(boolean initiator) {
        return GridSecret.label(initiator ? "cangrid proof initiator" : "cangrid proof responder");
    }

    static byte[] secretProof(GridSecret secret, boolean initiator, byte[] initiatorHello, byte[] responderHello) {
        return secret.mac(label(initiator), initiatorHello, responderHello);
    }

    /** The proof that the side in {@code initiator}'s role holds its key: only the two keys' holders can make it. */
    static byte[] keyProof(byte[] agreed, boolean initiator, byte[] initiatorHello, byte[] responderHello,
            byte[] credential) {
        return GridSecret.hmac(agreed, GridSecret.label("cangrid key proof"), label(initiator), initiatorHello,
                responderHello, credential);
    }

    static boolean matches(byte[] expected, byte[] received) {
        return MessageDigest.isEqual(expected, received);
    }

    /** The key of frames sent by the initiator ({@code fromInitiator}) or by the responder. */
    static byte[] frameKey(Admission admission, byte[] agreed, Hello initiator, Hello responder,
            boolean fromInitiator) {
        byte[] secretPart = admission instanceof GridSecret s
                ? s.mac(GridSecret.label("cangrid session"), initiator.nonce(), responder.nonce())
                : new byte[0];
        byte[] prk = GridSecret.hmac(agreed, GridSecret.label("cangrid session"), initiator.nonce(),
                responder.nonce(), secretPart);
        return GridSecret.hmac(prk, new byte[][] {GridSecret.label(fromInitiator ? "initiator to responder"
                : "responder to initiator"), new byte[] {1}});
    }
}
