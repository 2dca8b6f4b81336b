package io.cangrid.can;

import io.cangrid.can.message.Takeover;
import io.cangrid.overlay.NodeId;

/**
 * Whether a takeover claim may be weighed at all. Every claimant sends its own claim (see
 * {@link Takeovers}), so the claimant named must be the sender; the volume it claims with is that of zones
 * of the space, so it lies in [0, 1]. A claim that passes is still weighed only against this node's own
 * attempt on that zone, which exists only once this node has itself found the holder silent: a claim that
 * arrives before then changes nothing here, and the claimant's state, which covers the zone with a later
 * epoch, settles the zone when it comes (see {@link Takeovers#onTakeover}).
 */
final class TakeoverCheck {

    /** The space's volume, with room for the rounding of a sum of zone volumes. */
    private static final double MAX_VOLUME = 1 + 1e-9;

    private TakeoverCheck() {
    }

    /** Why {@code t}, received on the session of {@code from}, must be refused; null when it may be weighed. */
    static Refusals.Kind problem(Takeover t, NodeId from) {
        if (t.dead() == null || t.zone() == null || t.claimant() == null || !Double.isFinite(t.claimantVolume())
                || t.claimantVolume() < 0 || t.claimantVolume() > MAX_VOLUME) {
            return Refusals.Kind.MALFORMED_TAKEOVER;
        }
        if (!t.claimant().equals(from)) {
            return Refusals.Kind.WRONG_SENDER;
        }
        return null;
    }
}
