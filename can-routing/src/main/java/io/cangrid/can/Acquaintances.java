package io.cangrid.can;

import io.cangrid.overlay.NodeId;

/**
 * A few nodes this node knew beyond its current neighbours: those it joined through and neighbours it
 * has since dropped. A random walk that may step to one of them can leave a group of nodes that, after
 * heavy churn, know only each other, although their zones border a node none of them has heard of.
 * Some acquaintances will be gone; a message to one is lost and the walk is tried again next period.
 */
final class Acquaintances {

    private static final int CAPACITY = 8;

    private final NodeId[] ids = new NodeId[CAPACITY];
    private int size;
    private int cursor;

    void add(NodeId id) {
        for (int i = 0; i < size; i++) {
            if (ids[i].equals(id)) {
                return;
            }
        }
        ids[cursor] = id;
        cursor = (cursor + 1) % CAPACITY;
        size = Math.min(size + 1, CAPACITY);
    }

    int size() {
        return size;
    }

    NodeId get(int i) {
        return ids[i];
    }

    /** The i-th most recent acquaintance (0 the latest added). */
    NodeId recent(int i) {
        return ids[Math.floorMod(cursor - 1 - i, CAPACITY)];
    }
}
