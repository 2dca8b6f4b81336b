package io.cangrid.hygra.message;

/** Answer to a {@link JoinQuery}: the known node and its links (a snapshot), for the joiner to link to. */
public record JoinOffer(NodeState[] nodes) implements HygraMessage {

    public JoinOffer {
        nodes = nodes.clone();
    }

    @Override
    public NodeState[] nodes() {
        return nodes.clone();
    }
}
