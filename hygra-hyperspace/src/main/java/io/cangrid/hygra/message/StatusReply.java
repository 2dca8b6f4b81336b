package io.cangrid.hygra.message;

/** Answer to a {@link StatusQuery}: the sender's state and its links as it knows them (a snapshot). */
public record StatusReply(long round, NodeState state, NodeState[] links) implements HygraMessage {

    public StatusReply {
        links = links.clone();
    }

    @Override
    public NodeState[] links() {
        return links.clone();
    }
}
