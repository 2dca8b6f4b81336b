package io.cangrid.hygra.protocol;

import io.cangrid.hygra.message.NodeState;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * L(i): the nodes one node links to, each with the newest state it has heard from it. Ordered by id so
 * that every walk over the links, and so every simulation, is deterministic.
 */
public final class LinkTable {

    private final Map<NodeId, NodeState> links = new TreeMap<>();
    private long changes;

    public int size() {
        return links.size();
    }

    public boolean contains(NodeId node) {
        return links.containsKey(node);
    }

    public NodeState state(NodeId node) {
        return links.get(node);
    }

    /** The linked nodes in id order (a copy). */
    public Set<NodeId> nodes() {
        return Collections.unmodifiableSet(new TreeSet<>(links.keySet()));
    }

    public Collection<NodeState> states() {
        return List.copyOf(links.values());
    }

    public NodeState[] snapshot() {
        return new ArrayList<>(links.values()).toArray(new NodeState[0]);
    }

    /** Adds the link, or refreshes its state; counts a change only for a new link. */
    void link(NodeState state) {
        NodeState previous = links.get(state.node());
        if (previous == null) {
            changes++;
            links.put(state.node(), state);
        } else if (state.newerThan(previous)) {
            links.put(state.node(), state);
        }
    }

    void unlink(NodeId node) {
        if (links.remove(node) != null) {
            changes++;
        }
    }

    /** Keeps a linked node's newer state; ignores nodes that are not linked. */
    void refresh(NodeState state) {
        NodeState previous = links.get(state.node());
        if (previous != null && state.newerThan(previous)) {
            links.put(state.node(), state);
        }
    }

    /** Links created or cut since the node started; tests watch it to see churn stop. */
    public long changes() {
        return changes;
    }
}
