package io.cangrid.live;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.KeyAgreement;

/**
 * The X25519 key pair a runtime agrees session keys with, replaced every {@link #LIFETIME_MILLIS}. Each
 * connection's keys come from the agreement and both fresh nonces, so a connection's keys are its own
 * even while the pair is reused; reusing it spares a key generation per handshake, and replacing it bounds
 * what one stolen pair could reveal.
 */
final class EphemeralKeys {

    static final int PUBLIC_BYTES = 32;
    static final long LIFETIME_MILLIS = 10 * 60_000;
    private static final byte[] X509_PREFIX = HexFormat.of().parseHex("302a300506032b656e032100");

    /** One pair and the raw public key peers are sent. */
    record Pair(KeyPair keys, byte[] publicKey, long madeAt) {
    }

    private Pair current;

    synchronized Pair current() {
        long now = System.currentTimeMillis();
        if (current == null || now - current.madeAt() > LIFETIME_MILLIS) {
            try {
                KeyPair kp = KeyPairGenerator.getInstance("X25519").generateKeyPair();
                byte[] x509 = kp.getPublic().getEncoded();
                current = new Pair(kp, Arrays.copyOfRange(x509, x509.length - PUBLIC_BYTES, x509.length), now);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("X25519 is not available in this JVM", e);
            }
        }
        return current;
    }

    /**
     * The secret agreed between {@code mine} and the peer's raw public key.
     *
     * @throws ConnectionRejected when the peer's key is not a usable X25519 key
     */
    static byte[] agree(Pair mine, byte[] theirs) throws ConnectionRejected {
        try {
            byte[] x509 = Arrays.copyOf(X509_PREFIX, X509_PREFIX.length + PUBLIC_BYTES);
            System.arraycopy(theirs, 0, x509, X509_PREFIX.length, PUBLIC_BYTES);
            PublicKey peer = KeyFactory.getInstance("X25519").generatePublic(new X509EncodedKeySpec(x509));
            KeyAgreement ka = KeyAgreement.getInstance("X25519");
            ka.init(mine.keys().getPrivate());
            ka.doPhase(peer, true);
            byte[] shared = ka.generateSecret();
            if (Arrays.equals(shared, new byte[shared.length])) {
                throw new ConnectionRejected("peer's key-agreement key is of low order (all-zero secret)");
            }
            return shared;
        } catch (GeneralSecurityException | IllegalStateException e) {
            throw new ConnectionRejected("peer's key-agreement key is not usable: " + e.getMessage());
        }
    }
}
