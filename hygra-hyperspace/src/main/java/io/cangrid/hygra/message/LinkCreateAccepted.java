package io.cangrid.hygra.message;

/** The receiver of a {@link LinkCreate} now links to its sender. */
public record LinkCreateAccepted(NodeState sender) implements HygraMessage {
}
