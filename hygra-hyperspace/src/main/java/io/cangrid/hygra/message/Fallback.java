package io.cangrid.hygra.message;

import io.cangrid.overlay.NodeId;

/**
 * A host a request may fall back on when it finds no node able to take it now: a node it passed that could
 * take it later (in the job life cycle, a capable node whose run queue is busy). Lower {@code rank} is
 * better; the host that offers itself says how it ranks.
 */
public record Fallback(NodeId node, double rank) {

    /** The better of {@code current} (may be null) and this one; ties keep the current one. */
    public Fallback orBetter(Fallback current) {
        return current == null || rank < current.rank() ? this : current;
    }
}
