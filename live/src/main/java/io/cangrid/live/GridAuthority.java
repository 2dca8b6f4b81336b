package io.cangrid.live;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;

/**
 * The authority of a grid that admits members by token: its name and its key pair. It issues admission
 * tokens and signs revocations; nodes need only its public key, which every token carries.
 */
public record GridAuthority(String grid, NodeKey key) {

    public GridAuthority {
        if (grid.isEmpty() || grid.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > Hello.MAX_TEXT) {
            throw new IllegalArgumentException("grid name must have 1.." + Hello.MAX_TEXT + " bytes");
        }
    }

    /**
     * A token for {@code role}, valid from {@code now} for {@code validity} (null: no expiry), for the
     * holder of {@code subject} only (an empty array: for whoever presents it).
     */
    public AdmissionToken issue(Role role, Duration validity, byte[] subject, Instant now) {
        return issue(role, validity, subject, null, now);
    }

    /** As {@link #issue(Role, Duration, byte[], Instant)}, naming the {@code user} its holder acts as (null: none). */
    public AdmissionToken issue(Role role, Duration validity, byte[] subject, String user, Instant now) {
        byte[] id = new byte[AdmissionToken.ID_BYTES];
        new SecureRandom().nextBytes(id);
        return AdmissionToken.issue(key, grid, role, id, now, validity, subject, user);
    }

    public Revocation revokeKey(byte[] publicKey, Instant now) {
        return Revocation.ofKey(key, publicKey, now);
    }

    public Revocation revokeNode(long nodeId, Instant now) {
        return Revocation.ofNode(key, nodeId, now);
    }

    public Revocation revokeToken(byte[] tokenId, Instant now) {
        return Revocation.ofToken(key, tokenId, now);
    }
}
