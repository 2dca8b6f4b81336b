package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.ZoneHandoff;
import io.cangrid.overlay.NodeId;

/**
 * Whether zones handed over may be taken. A node gives a zone to the holder of its sibling or, failing
 * one, to its adjacent neighbour of smallest volume (see {@link Departure}), and only to a node in its own
 * table. So the rule at the receiving end is:
 * <ul>
 *   <li>the giver is a node this node holds as a neighbour (an entry of its table): a stranger's zones are
 *       refused, whatever they are. A node that was still joining when the zones came had no table to know
 *       the giver by (the giver found it in the list of the owner that split for it): it takes them only if
 *       each borders the zones its join gave it, which is how the giver chose it;</li>
 *   <li>each zone handed over borders or overlaps one of this node's zones (a sibling borders it), or lies
 *       inside the zones this node credits to the giver. The second case covers a receiver whose own zones
 *       changed after the giver chose it (it split for a joiner meanwhile): what the giver hands over is
 *       still its own;</li>
 *   <li>no zone's epoch runs ahead of the space's known epochs by more than {@link EpochBound#MAX_LEAD}.</li>
 * </ul>
 * A refused zone is not lost: a leaving giver falls silent and its neighbours take its zones over; a zone
 * returned as stray stays with the giver until the receiver announces the merged parent, which it then never
 * does.
 */
final class HandoffCheck {

    private HandoffCheck() {
    }

    /**
     * Why zones handed over by {@code from} must be refused; null when they may be taken. {@code whileJoining}:
     * they came before this node's join was answered.
     */
    static Refusals.Kind problem(ZoneHandoff h, NodeId from, boolean whileJoining, OwnZones own, NeighbourTable table,
            int dims) {
        if (h.zones() == null || h.zones().length > NeighbourStateCheck.MAX_ZONES
                || !NeighbourStateCheck.zonesOk(h.zones(), dims) || h.neighbours() == null
                || h.neighbours().length > NeighbourStateCheck.MAX_LISTED) {
            return Refusals.Kind.MALFORMED_HANDOFF;
        }
        for (NodeZones c : h.neighbours()) {
            if (!NeighbourStateCheck.claimOk(c, dims)) {
                return Refusals.Kind.MALFORMED_HANDOFF;
            }
        }
        NeighbourEntry giver = from == null ? null : table.get(from);
        if (giver == null && !whileJoining) {
            return Refusals.Kind.HANDOFF_FROM_STRANGER;
        }
        for (Zone z : h.zones()) {
            boolean borders = giver == null ? own.isNeighbourOf(z) : own.touchesAny(new Zone[] {z});
            if (!borders && (giver == null || !enclosedByAny(giver.zones(), z))) {
                return giver == null ? Refusals.Kind.HANDOFF_FROM_STRANGER : Refusals.Kind.HANDOFF_NOT_ADJACENT;
            }
        }
        if (EpochBound.exceeded(h.zones(), own.toArray(), table.entries())) {
            return Refusals.Kind.EPOCH_JUMP;
        }
        return null;
    }

    private static boolean enclosedByAny(Zone[] zones, Zone z) {
        for (Zone g : zones) {
            if (g.encloses(z)) {
                return true;
            }
        }
        return false;
    }
}
