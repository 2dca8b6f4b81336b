package io.cangrid.live;

import io.cangrid.overlay.NodeId;

/**
 * Who is at the other end of an authenticated connection: the id its key gives, the key it proved it
 * holds, the role its credential grants, the id of its admission token (null under a shared secret) and the
 * user that token names (null: none).
 */
record Peer(NodeId id, byte[] key, Role role, byte[] tokenId, String user) {

    /** A node of the grid: admitted as one, and reachable at an address (a client holding a node token is not). */
    boolean isNode() {
        return role == Role.NODE && id.hasAddress();
    }

    boolean revokedBy(Revocations revocations) {
        return revocations.refuses(key, id.value(), tokenId);
    }
}
