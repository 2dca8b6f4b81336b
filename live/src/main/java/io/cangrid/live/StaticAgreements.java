package io.cangrid.live;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.NamedParameterSpec;
import java.security.spec.XECPublicKeySpec;
import java.util.Arrays;
import javax.crypto.KeyAgreement;

/**
 * The secrets one key agrees with its peers' keys by X25519 (each key in its Montgomery form): a handshake
 * proves its side's key by a MAC under that secret, which only the two keys' holders can compute. The
 * secret of two keys never changes, so it is computed once per peer key and kept (Caffeine-bounded):
 * after the first contact a handshake costs no public-key operation at all.
 */
final class StaticAgreements {

    static final int MAX_PEERS = 10_000;

    private final PrivateKey mine;
    private final Cache<ByteBuffer, byte[]> agreed = Caffeine.newBuilder()
            .maximumSize(MAX_PEERS)
            .executor(Runnable::run)
            .build();

    StaticAgreements(NodeKey key) {
        this.mine = key.agreementKey();
    }

    /**
     * The secret this key agrees with {@code peerKey} (an Ed25519 public key).
     *
     * @throws ConnectionRejected when the peer's key is not usable (no Montgomery form, or of low order)
     */
    byte[] with(byte[] peerKey) throws ConnectionRejected {
        ByteBuffer k = ByteBuffer.wrap(peerKey.clone());
        byte[] known = agreed.getIfPresent(k);
        if (known != null) {
            return known;
        }
        byte[] secret = compute(peerKey);
        agreed.put(k, secret);
        return secret;
    }

    private byte[] compute(byte[] peerKey) throws ConnectionRejected {
        try {
            byte[] u = NodeKey.montgomery(peerKey);
            byte[] be = new byte[u.length];
            for (int i = 0; i < u.length; i++) {
                be[i] = u[u.length - 1 - i];
            }
            var peer = KeyFactory.getInstance("X25519").generatePublic(
                    new XECPublicKeySpec(NamedParameterSpec.X25519, new java.math.BigInteger(1, be)));
            KeyAgreement ka = KeyAgreement.getInstance("X25519");
            ka.init(mine);
            ka.doPhase(peer, true);
            byte[] secret = ka.generateSecret();
            if (Arrays.equals(secret, new byte[secret.length])) {
                throw new ConnectionRejected("peer's key is of low order (it agrees an all-zero secret)");
            }
            return secret;
        } catch (IllegalArgumentException | GeneralSecurityException | IllegalStateException e) {
            throw new ConnectionRejected("peer's key " + NodeKey.text(peerKey) + " is not usable: " + e.getMessage());
        }
    }
}
