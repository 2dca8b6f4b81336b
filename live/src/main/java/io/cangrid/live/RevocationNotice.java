package io.cangrid.live;

import io.cangrid.overlay.ClientRequest;

/**
 * A revocation on its way through the grid: from the authority's command to one node, and from each node
 * that takes it to the nodes it is connected to. Signed by the authority, so any admitted member may carry
 * it (hence a reading request); a node that already knows it passes it on no further.
 */
public record RevocationNotice(byte[] revocation) implements ClientRequest {
}
