package io.cangrid.can;

import io.cangrid.can.message.ListedClaims;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;

/**
 * The neighbour list a node sends, numbered, and the base its changes are relative to (see
 * {@link NeighbourState}). The number grows whenever the list changes; the base is the list as last sent
 * whole to every neighbour. The changes since the base are worked out once per list change, not once
 * per message.
 */
final class ListLog {

    private NodeZones[] current = ListedClaims.NONE;
    private long version;
    private NodeZones[] base;
    private long baseVersion = NeighbourState.UNVERSIONED;
    private NodeZones[] changed = ListedClaims.NONE;
    private NodeId[] dropped = ListedClaims.NO_NODES;
    private long changesAt = NeighbourState.UNVERSIONED;

    /** Takes the list as it is now; a list equal to the last one, claim by claim, keeps its number. */
    void list(NodeZones[] listed) {
        if (!ListedClaims.same(listed, current)) {
            current = listed;
            version++;
        }
    }

    long version() {
        return version;
    }

    boolean hasBase() {
        return base != null;
    }

    NodeZones[] base() {
        return base;
    }

    long baseVersion() {
        return baseVersion;
    }

    /** Makes the list as it is now the base: it goes whole to every neighbour next. */
    void rebase() {
        base = current;
        baseVersion = version;
        changed = ListedClaims.NONE;
        dropped = ListedClaims.NO_NODES;
        changesAt = version;
    }

    NodeZones[] changed() {
        diff();
        return changed;
    }

    NodeId[] dropped() {
        diff();
        return dropped;
    }

    /** True once the changes since the base are as long as half the list: a new base costs about as much. */
    boolean changesOutgrowBase() {
        diff();
        return 2 * (changed.length + dropped.length) > Math.max(2, current.length);
    }

    private void diff() {
        if (changesAt != version) {
            changed = ListedClaims.news(current, base);
            dropped = ListedClaims.gone(current, base);
            changesAt = version;
        }
    }
}
