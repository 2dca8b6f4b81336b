package io.cangrid.live;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * Admission tokens whose signature was checked lately, by their exact bytes: every node of a grid may
 * present the same token, so checking its signature once spares an Ed25519 verification per handshake.
 * Its time, grid and holder are checked at every handshake all the same.
 */
final class VerifiedTokens {

    private final Cache<ByteBuffer, AdmissionToken> verified = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofMinutes(10))
            .executor(Runnable::run)
            .build();

    /** @throws CredentialException when the bytes are not a well-signed token */
    AdmissionToken decode(byte[] bytes) {
        ByteBuffer k = ByteBuffer.wrap(bytes.clone());
        AdmissionToken t = verified.getIfPresent(k);
        if (t == null) {
            t = AdmissionToken.decode(bytes);
            verified.put(k, t);
        }
        return t;
    }
}
