package io.cangrid.can;

import io.cangrid.can.message.CanMessage;
import io.cangrid.can.message.WorldBeacon;
import io.cangrid.can.message.WorldHello;
import io.cangrid.can.message.WorldMerge;
import io.cangrid.overlay.NodeId;

/** What a world's word must be before {@link Reunions} reads it. */
final class WorldCheck {

    private WorldCheck() {
    }

    /** A world as a state message carries it. */
    static boolean ok(WorldBeacon b) {
        return b.leader() != null && b.term() >= 0 && b.beat() >= 0;
    }

    static boolean ok(CanMessage m, NodeId from, int dims) {
        if (m instanceof WorldHello h) {
            return h.leader() != null && h.term() >= 0 && h.beat() >= 0 && NeighbourStateCheck.claimOk(h.claim(), dims)
                    && h.claim().node().equals(from);
        }
        if (m instanceof WorldMerge w) {
            return w.leader() != null && w.term() >= 0 && w.beat() >= 0 && w.through() != null;
        }
        return false;
    }
}
