package io.cangrid.live;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * Handshake nonces seen lately (Caffeine-bounded in count and age). A fresh handshake never repeats a
 * nonce, so one seen again is a recording being played back; it would fail its proof anyway, but
 * refusing it early names it for what it is.
 */
final class NonceLedger {

    private final Cache<ByteBuffer, Boolean> seen = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterWrite(Duration.ofMinutes(30))
            .executor(Runnable::run)
            .build();

    boolean firstSight(byte[] nonce) {
        return seen.asMap().putIfAbsent(ByteBuffer.wrap(nonce.clone()), Boolean.TRUE) == null;
    }
}
