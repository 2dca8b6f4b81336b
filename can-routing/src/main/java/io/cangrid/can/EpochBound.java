package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import java.util.List;

/**
 * How far a claim's epochs may run ahead of what this node knows of the same space.
 *
 * <p>An epoch counts the changes one piece of space went through: a split, a merge, a hand-over and a
 * takeover each issue its zones one epoch past those they came from. A newer claim on space this node holds
 * or credits to a neighbour is therefore ahead by the number of changes to that space this node has not yet
 * heard of, and every such change is made by a neighbour of the space and announced to its neighbours within
 * a period. In a correct run the lead is one (a takeover, a hand-over) or a few (a split of the new holder's
 * zone for a joiner before its announcement arrives); a region churning through tens of changes in one
 * failure-detection time is already extreme. {@link #MAX_LEAD} allows 65,536 changes: three orders of
 * magnitude above anything the protocol makes, yet a peer can no longer push a zone's epoch towards
 * {@code Long.MAX_VALUE}, where it would outrank every later split, merge and takeover of that space for good
 * (a takeover of it would even wrap around to a negative epoch).
 *
 * <p>Space this node knows nothing of is not bounded here: there is no epoch to compare with, and a claim
 * there moves none of this node's zones.
 */
final class EpochBound {

    static final long MAX_LEAD = 1L << 16;

    private EpochBound() {
    }

    /** True when a zone of {@code claimed} runs more than {@link #MAX_LEAD} ahead of one of {@code known} it overlaps. */
    static boolean exceeded(Zone[] claimed, Zone[] known) {
        for (Zone c : claimed) {
            for (Zone k : known) {
                if (c.epoch() - k.epoch() > MAX_LEAD && c.intersects(k)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** As {@link #exceeded(Zone[], Zone[])} against this node's zones and those it credits to its neighbours. */
    static boolean exceeded(Zone[] claimed, Zone[] own, List<NeighbourEntry> table) {
        if (exceeded(claimed, own)) {
            return true;
        }
        for (NeighbourEntry e : table) {
            if (exceeded(claimed, e.zones())) {
                return true;
            }
        }
        return false;
    }
}
