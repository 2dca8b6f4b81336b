package io.cangrid.live;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;

/**
 * A node's word to a peer that connected to it: the address that peer advertises could not be reached
 * from here (a wrong {@code --advertise}, a closed firewall port), so no node can open a connection to it,
 * and every answer that does not ride on a connection the peer opened itself is lost. Node to node only.
 *
 * @param host   the advertised host tried, as the peer advertises it
 * @param port   the advertised port tried
 * @param reason what the attempt met (refused, timed out, another node answering there)
 */
public record ReachNotice(String host, int port, String reason) implements Message {

    /** Longest reason kept: what a connection attempt says fits well within it. */
    static final int MAX_REASON = 300;

    /** Why this notice cannot be about {@code self}, or null when it is well formed and names its address. */
    String problemFor(NodeId self) {
        if (host == null || reason == null || reason.length() > MAX_REASON) {
            return "malformed";
        }
        if (!self.hasAddress() || !host.equals(self.host()) || port != self.port()) {
            return "about another address than this node advertises";
        }
        return null;
    }
}
