package io.cangrid.live;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.netty.channel.Channel;

/** What a connection tells its owner (a node's links or a client); called on the connection's thread. */
interface SessionEvents {

    /** The handshake succeeded: {@code remote} proved it holds the grid's secret. */
    void opened(Channel channel, NodeId remote);

    /** A message from {@code remote}, as its handshake proved it. */
    void received(Peer remote, Message message);

    /** The connection closed; {@code remote} is null when it closed before the handshake finished. */
    void closed(Channel channel, NodeId remote);

    /** The connection is being closed for {@code reason} (already logged); {@link #closed} follows. */
    default void refused(String reason) {
    }
}
