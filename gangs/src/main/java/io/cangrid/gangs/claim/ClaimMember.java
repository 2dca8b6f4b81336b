package io.cangrid.gangs.claim;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's side of the claims of gangs: it lends up to {@code slots} places to gangs, each first held under a
 * lease (prepared), then claimed when the coordinator commits, until the coordinator releases it or stops
 * renewing it.
 *
 * <p>Why it is safe without any global lock:
 * <ul>
 *   <li>No hold-and-wait: a member with no free place votes no at once, so two gangs that want the same
 *       nodes never wait for each other; the one refused aborts and retries.</li>
 *   <li>Every hold has a lease. A prepared hold the coordinator never commits, or a claimed one it stops
 *       renewing (it crashed), is dropped when the lease runs out, and the coordinator is told
 *       ({@link ClaimLost}), so no node stays held by a gang that cannot stand.</li>
 *   <li>Age priority: the oldest gang a member had to refuse is remembered for a while; when the member is
 *       free again, younger gangs are refused in its favour, so a gang cannot be starved by a stream of
 *       younger ones that each find the node free first.</li>
 * </ul>
 */
public final class ClaimMember {

    private static final Logger log = LoggerFactory.getLogger(ClaimMember.class);

    /** What a member does with a gang's place. */
    public enum Phase {
        /** Held under a lease for a claim in progress. */
        PREPARED,
        /** Claimed: every member voted yes and the coordinator committed. */
        CLAIMED
    }

    /** A place held for {@code gang}'s attempt {@code attempt}, until {@code expiresAt} unless renewed. */
    public record Hold(String gang, int attempt, NodeId coordinator, List<NodeId> members, Phase phase,
            long leaseMillis, long expiresAt) {

        Hold withPhase(Phase p, long expires) {
            return new Hold(gang, attempt, coordinator, members, p, leaseMillis, expires);
        }
    }

    /** What happens to the gangs' places on this node, for the node's job roles and its records. */
    public interface Events {
        /** The gang is claimed here: every member held, the coordinator committed. */
        void claimed(Hold hold);

        /** A claimed place is free again: released, its lease run out, or its part of the gang ended. */
        void released(Hold hold, String why);
    }

    /** The oldest gang refused here lately, kept the node once it is free. */
    private record Waiting(String gang, long priority, long until) {

        boolean olderThan(String otherGang, long otherPriority) {
            return priority < otherPriority || priority == otherPriority && gang.compareTo(otherGang) < 0;
        }
    }

    private final NodeContext ctx;
    private final ClaimOutbox out;
    private final int slots;
    private final Events events;
    private final Map<String, Hold> holds = new LinkedHashMap<>();
    private Waiting waiting;

    ClaimMember(NodeContext ctx, ClaimOutbox out, int slots, Events events) {
        if (slots < 1) {
            throw new IllegalArgumentException("a member lends at least one place to gangs, was " + slots);
        }
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.out = Objects.requireNonNull(out, "out");
        this.slots = slots;
        this.events = Objects.requireNonNull(events, "events");
    }

    /** The places held now, prepared and claimed, in the order they were taken. */
    public List<Hold> holds() {
        return List.copyOf(holds.values());
    }

    void prepare(NodeId from, ClaimPrepare p) {
        String bad = ClaimRules.badPrepare(p, ctx.self());
        if (bad != null) {
            log.debug("refused a prepare from {}: {}", from, bad);
            vote(from, p, false, "invalid prepare: " + bad);
            return;
        }
        Hold h = holds.get(p.gang());
        if (h != null && h.phase() == Phase.CLAIMED) {
            boolean same = h.coordinator().equals(from) && h.attempt() == p.attempt();
            vote(from, p, same, same ? "" : "claimed by gang " + p.gang() + " under " + h.coordinator().shortName());
            return;
        }
        if (h == null) {
            String busy = busyFor(p);
            if (busy != null) {
                vote(from, p, false, busy);
                return;
            }
        }
        // A new prepare of a gang held here only prepared replaces the hold: the gang's next attempt, or the
        // gang taken up by another coordinator after its first one died.
        if (waiting != null && waiting.gang().equals(p.gang())) {
            waiting = null;
        }
        Hold held = new Hold(p.gang(), p.attempt(), from, List.copyOf(Arrays.asList(p.members())), Phase.PREPARED,
                p.leaseMillis(), ctx.now() + p.leaseMillis());
        holds.put(p.gang(), held);
        watch(held);
        vote(from, p, true, "");
    }

    /** Why a gang not held here cannot have a place now, or null when it can. */
    private String busyFor(ClaimPrepare p) {
        long now = ctx.now();
        if (holds.size() >= slots) {
            Hold first = holds.values().iterator().next();
            // Kept for as long as two leases: the refused gang's coordinator retries within one, and a gang
            // whose coordinator died stops holding the node back soon after.
            if (waiting == null || waiting.until() < now || !waiting.olderThan(p.gang(), p.priority())) {
                waiting = new Waiting(p.gang(), p.priority(), now + 2 * p.leaseMillis());
            }
            return (first.phase() == Phase.CLAIMED ? "claimed by gang " : "held for gang ") + first.gang();
        }
        if (waiting != null && waiting.until() >= now && !waiting.gang().equals(p.gang())
                && waiting.olderThan(p.gang(), p.priority())) {
            return "kept for the older gang " + waiting.gang();
        }
        return null;
    }

    void commit(NodeId from, ClaimCommit c) {
        Hold h = holds.get(c.gang());
        if (h != null && !h.coordinator().equals(from)) {
            log.debug("ignored a commit of gang {} from {}, which is not its coordinator {}", c.gang(), from,
                    h.coordinator());
            return;
        }
        if (h == null || h.attempt() != c.attempt()) {
            if (h == null || c.attempt() > h.attempt()) {
                out.send(from, new ClaimLost(c.gang(), c.attempt(), "nothing is held for gang " + c.gang()
                        + " on " + ctx.self().shortName() + ": its lease ran out before the commit arrived"));
            }
            return;
        }
        if (h.phase() == Phase.CLAIMED) {
            return;
        }
        Hold claimed = h.withPhase(Phase.CLAIMED, ctx.now() + h.leaseMillis());
        holds.put(c.gang(), claimed);
        events.claimed(claimed);
    }

    void abort(NodeId from, ClaimAbort a) {
        Hold h = holds.get(a.gang());
        if (h != null && h.coordinator().equals(from) && h.attempt() == a.attempt()) {
            holds.remove(a.gang());
            if (h.phase() == Phase.CLAIMED) {
                events.released(h, "the claim was aborted by its coordinator");
            }
        }
    }

    void renew(NodeId from, ClaimRenew r) {
        Hold h = holds.get(r.gang());
        if (h == null || h.attempt() != r.attempt()) {
            if (h == null || r.attempt() > h.attempt()) {
                out.send(from, new ClaimLost(r.gang(), r.attempt(), "nothing is held for gang " + r.gang() + " on "
                        + ctx.self().shortName() + " any more"));
            }
            return;
        }
        if (h.coordinator().equals(from) && h.phase() == Phase.CLAIMED) {
            holds.put(r.gang(), h.withPhase(Phase.CLAIMED, ctx.now() + h.leaseMillis()));
        }
    }

    void release(NodeId from, ClaimRelease r) {
        Hold h = holds.get(r.gang());
        if (h != null && h.coordinator().equals(from) && h.attempt() == r.attempt()) {
            holds.remove(r.gang());
            events.released(h, "released by its coordinator " + from.shortName());
        }
    }

    /**
     * This node's part of {@code gang} ended (its process exited, its owner wanted the machine back): the
     * place is free and the coordinator hears that the gang cannot stand, so that it stops the others.
     */
    public void end(String gang, String why) {
        Hold h = holds.remove(gang);
        if (h != null) {
            out.send(h.coordinator(), new ClaimLost(gang, h.attempt(), why));
            events.released(h, why);
        }
    }

    /** Drops the hold when its lease runs out; a renewal moves the lease on and the watch follows it. */
    private void watch(Hold held) {
        ctx.schedule(Math.max(0, held.expiresAt() - ctx.now()), () -> {
            Hold now = holds.get(held.gang());
            if (now == null || now.attempt() != held.attempt() || !now.coordinator().equals(held.coordinator())) {
                return;
            }
            if (now.expiresAt() > ctx.now()) {
                watch(now);
                return;
            }
            holds.remove(held.gang());
            String why = "the lease of " + now.leaseMillis() + " ms ran out with no word from coordinator "
                    + now.coordinator().shortName();
            log.debug("gang {} on {}: {}", now.gang(), ctx.self(), why);
            out.send(now.coordinator(), new ClaimLost(now.gang(), now.attempt(), why));
            if (now.phase() == Phase.CLAIMED) {
                events.released(now, why);
            }
        });
    }

    private void vote(NodeId to, ClaimPrepare p, boolean yes, String reason) {
        out.send(to, new ClaimVote(p.gang() == null ? "" : truncated(p.gang()), p.attempt(), yes, reason));
    }

    private static String truncated(String gang) {
        return gang.length() > ClaimRules.MAX_GANG_ID ? gang.substring(0, ClaimRules.MAX_GANG_ID) : gang;
    }
}
