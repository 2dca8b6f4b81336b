package io.cangrid.live;

import io.cangrid.overlay.NodeId;

/**
 * Who is at the other end of an authenticated connection: the id its key gives, the key it proved it
 * holds, the role its credential grants, and the id of its admission token (null under a shared secret).
 */
record Peer(NodeId id, byte[] key, Role role, byte[] tokenId) {

    boolean revokedBy(Revocations revocations) {
        return revocations.refuses(key, id.value(), tokenId);
    }
}
