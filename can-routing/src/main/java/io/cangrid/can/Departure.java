package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.ZoneHandoff;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Giving zones to neighbours: all of them on a graceful leave, and, as background repair, a zone held
 * only by takeover whose partition-tree sibling a neighbour holds (the two merge there). A zone goes to
 * the holder of its sibling when there is one, else to the adjacent neighbour with the smallest volume.
 */
final class Departure {

    private final CanNode node;

    Departure(CanNode node) {
        this.node = node;
    }

    void handOverAll() {
        Map<NodeId, List<Zone>> byRecipient = new LinkedHashMap<>();
        for (Zone z : node.ownZones().toArray()) {
            NeighbourEntry to = siblingHolder(z);
            if (to == null) {
                to = smallestAdjacent(z);
            }
            if (to != null) {
                byRecipient.computeIfAbsent(to.id(), k -> new ArrayList<>()).add(z);
            }
        }
        // No notice to the other neighbours: the recipients' next states cover the zones with a larger
        // epoch, which withdraws them from our entry everywhere; a recipient that died meanwhile leaves
        // them to the takeover that follows our silence.
        for (Map.Entry<NodeId, List<Zone>> e : byRecipient.entrySet()) {
            send(e.getKey(), e.getValue());
        }
        node.ownZones().clear();
    }

    /**
     * Offers extra zones to the neighbours holding their siblings, keeping at least one zone. The zone
     * stays ours until the sibling's holder announces the merged parent (a larger epoch covering it):
     * were the offer lost, or its receiver dead, no space would be left without an owner.
     */
    void returnStrayZones() {
        OwnZones zones = node.ownZones();
        zones.clearOffers();
        if (zones.size() < 2) {
            return;
        }
        long now = node.ctx().now();
        // The array is never changed in place: handing zones over while walking it is safe.
        for (Zone z : zones.toArray()) {
            if (z.contains(node.point())) {
                continue;
            }
            NeighbourEntry holder = siblingHolder(z);
            if (holder != null && holder.lastState() != null
                    && holder.silentFor(now) <= node.config().heartbeatMillis()) {
                send(holder.id(), List.of(z));
                zones.markOffered(z);
            }
        }
    }

    private void send(NodeId to, List<Zone> given) {
        Zone[] reissued = new Zone[given.size()];
        for (int i = 0; i < reissued.length; i++) {
            reissued[i] = given.get(i).reissued(given.get(i).epoch() + 1);
        }
        List<NodeZones> around = new ArrayList<>();
        for (NeighbourEntry e : node.table().entries()) {
            if (e.id().equals(to)) {
                continue;
            }
            for (Zone z : reissued) {
                if (z.isNeighbourOfAny(e.zones())) {
                    around.add(e.claim());
                    break;
                }
            }
        }
        node.listener().zonesHandedOver(reissued, to);
        node.ctx().send(to, new ZoneHandoff(reissued, around.toArray(new NodeZones[0])));
    }

    private NeighbourEntry siblingHolder(Zone zone) {
        if (zone.path().depth() == 0) {
            return null;
        }
        for (NeighbourEntry e : node.table().entries()) {
            for (Zone z : e.zones()) {
                if (z.isSiblingOf(zone)) {
                    return e;
                }
            }
        }
        return null;
    }

    private NeighbourEntry smallestAdjacent(Zone zone) {
        NeighbourEntry best = null;
        double bestVolume = Double.POSITIVE_INFINITY;
        for (NeighbourEntry e : node.table().entries()) {
            if (!zone.isNeighbourOfAny(e.zones())) {
                continue;
            }
            double v = e.volume();
            if (v < bestVolume || (v == bestVolume && e.id().compareTo(best.id()) < 0)) {
                bestVolume = v;
                best = e;
            }
        }
        return best;
    }
}
