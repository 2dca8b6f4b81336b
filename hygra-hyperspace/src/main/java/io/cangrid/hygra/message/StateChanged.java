package io.cangrid.hygra.message;

/** State change notification to every linked node: a job started or ended on the sender. */
public record StateChanged(NodeState state) implements HygraMessage {
}
