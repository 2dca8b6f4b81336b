package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;

/** What higher layers (jobs, load aggregation, matchmaking) learn from the overlay as it changes. */
public interface CanListener {

    /**
     * A neighbour's own state message arrived and was applied, or a beat saying that its state is the one
     * {@code entry} holds.
     */
    default void neighbourStateReceived(NeighbourEntry entry) {
    }

    /** A neighbour left the table (no longer adjacent, departed, or presumed dead). */
    default void neighbourRemoved(NodeId id) {
    }

    /** This node's zones changed (split, merge, takeover, hand-over). */
    default void zonesChanged() {
    }

    /** This node gave zones away (to a joiner or on leaving): what it owned inside them goes along. */
    default void zonesHandedOver(Zone[] zones, NodeId to) {
    }

    /** The join could not go through and the node stopped; {@code why} says what to do. */
    default void joinAbandoned(String why) {
    }

    CanListener NONE = new CanListener() {
    };

    /** Both listeners, {@code first} hearing each change first. */
    static CanListener both(CanListener first, CanListener second) {
        if (first == NONE) {
            return second;
        }
        return new CanListener() {
            @Override
            public void neighbourStateReceived(NeighbourEntry entry) {
                first.neighbourStateReceived(entry);
                second.neighbourStateReceived(entry);
            }

            @Override
            public void neighbourRemoved(NodeId id) {
                first.neighbourRemoved(id);
                second.neighbourRemoved(id);
            }

            @Override
            public void zonesChanged() {
                first.zonesChanged();
                second.zonesChanged();
            }

            @Override
            public void zonesHandedOver(Zone[] zones, NodeId to) {
                first.zonesHandedOver(zones, to);
                second.zonesHandedOver(zones, to);
            }

            @Override
            public void joinAbandoned(String why) {
                first.joinAbandoned(why);
                second.joinAbandoned(why);
            }
        };
    }
}
