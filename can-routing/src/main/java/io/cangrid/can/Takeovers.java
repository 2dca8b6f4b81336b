package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.Takeover;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Failure recovery: every neighbour of a presumed-dead node competes for each of its zones with a timer
 * proportional to its own volume; the first to fire announces its claim to the dead node's other
 * neighbours, and any claimant that hears of a smaller one backs off, so the smallest node ends up with
 * the zone. Also settles the rare double claims that lost or late messages leave behind: of two claims on
 * the same space the larger epoch wins, a tie goes to the smaller node id.
 */
final class Takeovers {

    private static final Logger log = LoggerFactory.getLogger(Takeovers.class);
    private static final double MAX_DELAY_FACTOR = 8.0;
    private static final NodeZones[] NO_CLAIMS = new NodeZones[0];

    private final CanNode node;
    private Map<ZonePath, TakeoverAttempt> attempts;

    Takeovers(CanNode node) {
        this.node = node;
    }

    void presumeDead(NeighbourEntry dead) {
        log.debug("{}: presuming {} dead", node.ctxName(), dead.id());

        NodeZones[] itsNeighbours = dead.listed();
        for (Zone z : dead.zones()) {
            if (!node.ownZones().isNeighbourOf(z) || holdsOverlapping(z)
                    || (attempts != null && attempts.containsKey(z.path()))) {
                continue;
            }
            TakeoverAttempt a = new TakeoverAttempt(dead.claim(), z, itsNeighbours);
            double factor = Math.min(MAX_DELAY_FACTOR, node.ownZones().volume() / z.volume());
            long delay = 1 + Math.round(node.config().takeoverBaseMillis() * factor);
            a.timer = node.ctx().schedule(delay, () -> fire(a));
            attempts().put(z.path(), a);
        }
    }

    private void fire(TakeoverAttempt a) {
        if (attempts().get(a.zone.path()) != a) {
            return;
        }
        if (node.phase() != CanPhase.ACTIVE) {
            // Joining again (our zones went to a claim that outranked them): the race is no longer ours.
            // Kept, it would pass the dead node's claim on in our list and count as open for good.
            attempts.remove(a.zone.path());
            return;
        }
        if (supersededInTable(a.zone) || holdsOverlapping(a.zone)) {
            attempts.remove(a.zone.path());
            return;
        }
        a.claimed = true;
        a.claimVolume = node.ownZones().volume();
        Takeover claim = new Takeover(a.dead, a.zone.path(), a.claimVolume, node.id());
        Set<NodeId> rivals = new LinkedHashSet<>();
        for (NodeZones c : a.deadNeighbours) {
            rivals.add(c.node());
        }
        for (NeighbourEntry e : node.table().entries()) {
            if (a.zone.isNeighbourOfAny(e.zones())) {
                rivals.add(e.id());
            }
        }
        rivals.remove(node.id());
        rivals.remove(a.dead);
        for (NodeId r : rivals) {
            node.ctx().send(r, claim);
        }
        a.told = new ArrayList<>(rivals);
        node.ownZones().add(a.zone.reissued(a.zone.epoch() + 1));
        node.zonesChanged(a.deadNeighbours);
        // Keep the record a while: a rival's claim may still arrive and must be compared with ours.
        node.ctx().schedule(2 * node.config().deadAfterMillis(), () -> expire(a));
    }

    /**
     * The race is over. Overlapping claims passed over while it lasted (see resolveConflicts) are now
     * settled by the general order, but only when read again: a neighbour whose claim and list have not
     * changed since is otherwise taken as read.
     */
    private void expire(TakeoverAttempt a) {
        if (attempts == null) {
            return;
        }
        boolean decided = attempts.remove(a.zone.path(), a);
        if (attempts.isEmpty()) {
            // Races are rare: no map is kept for a node that has none.
            attempts = null;
        }
        if (decided && node.ownZones().withPath(a.zone.path()) != null) {
            node.rereadLists();
        }
    }

    /**
     * The claims of neighbours presumed dead whose zones this node is still waiting to claim. They stay in
     * the neighbour list of our state until the race is decided: should we die before our timer fires,
     * the nodes that take our zones over learn of the dead node's zones from that list and recover them
     * too. Dropped with the table entry, that knowledge would die with us and leave the space unowned.
     */
    NodeZones[] pendingDeadClaims() {
        if (attempts == null || attempts.isEmpty()) {
            return NO_CLAIMS;
        }
        List<NodeZones> pending = null;
        for (TakeoverAttempt a : attempts.values()) {
            if (!a.claimed && (pending == null || !pending.contains(a.deadClaim))) {
                if (pending == null) {
                    pending = new ArrayList<>(2);
                }
                pending.add(a.deadClaim);
            }
        }
        return pending == null ? NO_CLAIMS : pending.toArray(NO_CLAIMS);
    }

    void onTakeover(Takeover t) {
        TakeoverAttempt a = attempts == null ? null : attempts.get(t.zone());
        if (a == null) {
            return;
        }
        if (a.claimed && node.ownZones().withPath(t.zone()) == null) {
            // We won this zone and have since handed it on (to a joiner, or to its sibling's holder), so
            // our race is over. A counter-claim would make the claimant drop space that only it may hold
            // by now; our state instead names the zone's newer holders, whose later epochs settle it.
            attempts.remove(t.zone());
            node.sendState(t.claimant());
            return;
        }
        if (!a.dead.equals(t.dead())) {
            // A race over another holder's death of the same space: the zones' epochs order those claims,
            // volumes only order claims on the same dead node's zone.
            return;
        }
        if (!a.claimed) {
            if (t.beats(node.ownZones().volume(), node.id())) {
                a.timer.cancel();
                attempts.remove(t.zone());
            }
            return;
        }
        if (t.beats(a.claimVolume, node.id())) {
            Zone held = node.ownZones().withPath(t.zone());
            if (held != null) {
                log.debug("{}: {} wins the takeover of {}", node.ctxName(), t.claimant(), t.zone());
                node.ownZones().remove(held);
                node.zonesChanged(null);
            }
        } else {
            node.ctx().send(t.claimant(), new Takeover(a.dead, a.zone.path(), a.claimVolume, node.id()));
        }
    }

    /** Drops pending attempts for zones someone else now claims with a later epoch. */
    void cancelCoveredBy(NodeZones claim) {
        if (attempts == null || attempts.isEmpty()) {
            return;
        }
        attempts.values().removeIf(a -> {
            if (a.claimed || a.dead.equals(claim.node())) {
                return false;
            }
            for (Zone z : claim.zones()) {
                if (z.epoch() > a.zone.epoch() && z.intersects(a.zone)) {
                    a.timer.cancel();
                    return true;
                }
            }
            return false;
        });
    }

    /**
     * Settles overlap between our zones and a neighbour's claim. Returns true when we gave a zone up.
     * A zone is given up whole to a claim that outranks it. Where paths and boxes agree, the claims that
     * outrank a zone cover it together: a part at a later epoch means the zone was split since, and each of
     * its parts went on at a later epoch. After concurrent takeovers split one parent two different ways, a
     * claim may outrank a zone it only partly covers, and the rest is left without an owner: not handled
     * yet (see design.md, "Joins under churn").
     */
    boolean resolveConflicts(NodeZones theirs) {
        boolean changed = false;
        for (Zone x : theirs.zones()) {
            for (Zone m : node.ownZones().toArray()) {
                if (!m.intersects(x)) {
                    continue;
                }
                TakeoverAttempt race = x.epoch() == m.epoch() && attempts != null ? attempts.get(m.path()) : null;
                if (race != null) {
                    // A takeover race still being settled by volume through Takeover messages. A rival that
                    // learned of the death from nodes we do not know has not heard our claim: tell it.
                    if (race.claimed && !race.told.contains(theirs.node())) {
                        race.told.add(theirs.node());
                        node.ctx().send(theirs.node(), new Takeover(race.dead, m.path(), race.claimVolume, node.id()));
                    }
                    continue;
                }
                // A total order on overlapping claims, the same at both ends: later epoch, then the
                // larger (ancestor) zone, then the smaller node id. At equal epochs the larger zone must
                // win: two holders of siblings that offer them to each other at once end with one holding
                // the merged parent and the other the half it was just given, both at the same epoch;
                // were the half to win, the parent's other half would be left without an owner.
                boolean theyWin = x.epoch() > m.epoch() || (x.epoch() == m.epoch()
                        && (x.volume() > m.volume()
                        || (x.volume() == m.volume() && theirs.node().compareTo(node.id()) < 0)));
                if (!theyWin) {
                    node.sendState(theirs.node());
                } else {
                    log.debug("{}: yielding {} to {} ({})", node.ctxName(), m, theirs.node(), x);
                    node.ownZones().remove(m);
                    changed = true;
                }
            }
        }
        return changed;
    }

    private boolean holdsOverlapping(Zone zone) {
        for (Zone m : node.ownZones().toArray()) {
            if (m.intersects(zone)) {
                return true;
            }
        }
        return false;
    }

    private boolean supersededInTable(Zone zone) {
        for (NeighbourEntry e : node.table().entries()) {
            for (Zone z : e.zones()) {
                if (z.epoch() > zone.epoch() && z.intersects(zone)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a takeover race of ours is still open. */
    boolean racing() {
        return attempts != null && !attempts.isEmpty();
    }

    void cancelAll() {
        if (attempts != null) {
            for (TakeoverAttempt a : attempts.values()) {
                if (a.timer != null) {
                    a.timer.cancel();
                }
            }
            attempts = null;
        }
    }

    private Map<ZonePath, TakeoverAttempt> attempts() {
        if (attempts == null) {
            attempts = new HashMap<>(4);
        }
        return attempts;
    }
}
