package io.cangrid.gangs.claim;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's side of claiming gangs, all or nothing, in two phases: it asks every member to hold
 * itself under a lease, commits when all said yes within half a lease (so that every hold is still alive
 * when the commit arrives), and otherwise aborts every hold and tries again after a random back-off. While a
 * gang runs it renews the members' leases; if it dies they free themselves within one lease.
 */
public final class ClaimCoordinator {

    private static final Logger log = LoggerFactory.getLogger(ClaimCoordinator.class);

    /** Where a claim stands. */
    public enum Phase {
        /** Prepares sent, votes being counted. */
        PREPARING,
        /** Refused; waiting out a random back-off before the next attempt. */
        WAITING,
        /** Every member claimed; the gang holds its nodes until it is released. */
        COMMITTED
    }

    /** A claim as the coordinator sees it: for {@code cangrid status} and {@code explain}. */
    public record Status(String gang, List<NodeId> members, Phase phase, int attempt, String why) {
    }

    /** What becomes of the claims, for the job roles that asked for them. */
    public interface Events {
        /** Every member holds its place for the gang: start it. */
        void committed(Status claim);

        /** The claim was refused this attempt and will be tried again; {@code why} names the member. */
        void waiting(Status claim);

        /** The gang no longer holds its nodes: released here, a member lost its place, or attempts ran out. */
        void ended(Status claim, String why);
    }

    /**
     * @param leaseMillis how long a member holds itself for a gang without word from its coordinator
     * @param maxAttempts attempts before a claim is given up; 0 for no limit (the gang waits for its nodes)
     */
    public record Settings(long leaseMillis, int maxAttempts) {
        public Settings {
            if (leaseMillis < ClaimRules.MIN_LEASE_MILLIS || leaseMillis > ClaimRules.MAX_LEASE_MILLIS) {
                throw new IllegalArgumentException("the lease of a gang's holds must be within "
                        + ClaimRules.MIN_LEASE_MILLIS + ".." + ClaimRules.MAX_LEASE_MILLIS + " ms, was " + leaseMillis);
            }
            if (maxAttempts < 0) {
                throw new IllegalArgumentException("the attempts of a claim must be >= 0 (0: no limit), was "
                        + maxAttempts);
            }
        }
    }

    private static final class Claim {
        final String gang;
        final List<NodeId> members;
        final long priority;
        final Set<NodeId> yes = new HashSet<>();
        Phase phase;
        int attempt;
        String why = "";

        Claim(String gang, List<NodeId> members, long priority) {
            this.gang = gang;
            this.members = members;
            this.priority = priority;
        }

        Status status() {
            return new Status(gang, members, phase, attempt, why);
        }
    }

    private final NodeContext ctx;
    private final ClaimOutbox out;
    private final Settings settings;
    private final Events events;
    private final Map<String, Claim> claims = new LinkedHashMap<>();

    ClaimCoordinator(NodeContext ctx, ClaimOutbox out, Settings settings, Events events) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.out = Objects.requireNonNull(out, "out");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.events = Objects.requireNonNull(events, "events");
    }

    /**
     * Claims {@code members} for {@code gang}, whose age is {@code priority} (its submission time: smaller is
     * older and wins a freed node over younger gangs).
     *
     * @throws IllegalArgumentException naming what is wrong with the gang, when it cannot be claimed
     */
    public void claim(String gang, List<NodeId> members, long priority) {
        String bad = ClaimRules.badGangId(gang);
        if (bad == null) {
            bad = ClaimRules.badMembers(members);
        }
        if (bad == null && priority < 0) {
            bad = "a gang's priority is its age and cannot be negative, was " + priority;
        }
        if (bad == null && claims.containsKey(gang)) {
            bad = "gang " + gang + " is already being claimed here";
        }
        if (bad != null) {
            throw new IllegalArgumentException(bad);
        }
        Claim c = new Claim(gang, List.copyOf(members), priority);
        claims.put(gang, c);
        prepare(c);
    }

    /** Ends {@code gang} here: every member is released, whatever phase the claim was in. */
    public void release(String gang) {
        Claim c = claims.remove(gang);
        if (c != null) {
            sendAll(c, new ClaimRelease(gang, c.attempt));
            events.ended(c.status(), "released");
        }
    }

    /** Where the claim of {@code gang} stands, or null when this node coordinates no such gang. */
    public Status status(String gang) {
        Claim c = claims.get(gang);
        return c == null ? null : c.status();
    }

    /** Every claim coordinated here, in the order they were asked for. */
    public List<Status> claims() {
        return claims.values().stream().map(Claim::status).toList();
    }

    private void prepare(Claim c) {
        c.attempt++;
        c.phase = Phase.PREPARING;
        c.yes.clear();
        NodeId[] members = c.members.toArray(NodeId[]::new);
        sendAll(c, new ClaimPrepare(c.gang, c.attempt, members, settings.leaseMillis(), c.priority));
        int attempt = c.attempt;
        // Half a lease: a commit sent by then reaches every member before the hold it made on the prepare ends.
        ctx.schedule(settings.leaseMillis() / 2, () -> {
            if (claims.get(c.gang) == c && c.attempt == attempt && c.phase == Phase.PREPARING) {
                String missing = c.members.stream().filter(m -> !c.yes.contains(m)).map(NodeId::shortName)
                        .collect(Collectors.joining(", "));
                refused(c, "no vote within half a lease (" + settings.leaseMillis() / 2 + " ms) from " + missing);
            }
        });
    }

    void vote(NodeId from, ClaimVote v) {
        Claim c = claims.get(v.gang());
        if (c == null || c.attempt != v.attempt() || c.phase != Phase.PREPARING || !c.members.contains(from)) {
            log.debug("ignored a vote on gang {} attempt {} from {}", v.gang(), v.attempt(), from);
            return;
        }
        if (!v.yes()) {
            refused(c, "prepare refused by " + from.shortName() + ": " + v.reason());
            return;
        }
        c.yes.add(from);
        if (c.yes.size() == c.members.size()) {
            c.phase = Phase.COMMITTED;
            c.why = "";
            sendAll(c, new ClaimCommit(c.gang, c.attempt));
            renewLater(c, c.attempt);
            events.committed(c.status());
        }
    }

    void lost(NodeId from, ClaimLost l) {
        Claim c = claims.get(l.gang());
        if (c == null || c.attempt != l.attempt() || !c.members.contains(from) || c.phase == Phase.WAITING) {
            return;
        }
        String why = "member " + from.shortName() + " lost its place: " + l.reason();
        if (c.phase == Phase.PREPARING) {
            refused(c, why);
            return;
        }
        // A claimed gang missing a member cannot stand: the others are freed and the asker decides what next.
        claims.remove(c.gang);
        sendAll(c, new ClaimRelease(c.gang, c.attempt));
        c.why = why;
        events.ended(c.status(), why);
    }

    private void refused(Claim c, String why) {
        sendAll(c, new ClaimAbort(c.gang, c.attempt));
        c.why = why;
        if (settings.maxAttempts() > 0 && c.attempt >= settings.maxAttempts()) {
            claims.remove(c.gang);
            events.ended(c.status(), "gave up after " + c.attempt + " attempt(s): " + why);
            return;
        }
        c.phase = Phase.WAITING;
        events.waiting(c.status());
        int attempt = c.attempt;
        ctx.schedule(backoff(c.attempt), () -> {
            if (claims.get(c.gang) == c && c.attempt == attempt && c.phase == Phase.WAITING) {
                prepare(c);
            }
        });
    }

    /**
     * A random wait before the next attempt, growing with the attempts up to eight times its first span and
     * never above about a lease: random so that two gangs refused by each other do not collide again in step.
     */
    private long backoff(int attempt) {
        long base = Math.max(1, settings.leaseMillis() / 8);
        long span = base * Math.min(1L << Math.min(attempt - 1, 3), 8);
        return base + ctx.random().nextLong(span);
    }

    private void renewLater(Claim c, int attempt) {
        ctx.schedule(Math.max(1, settings.leaseMillis() / 3), () -> {
            if (claims.get(c.gang) == c && c.attempt == attempt && c.phase == Phase.COMMITTED) {
                sendAll(c, new ClaimRenew(c.gang, attempt));
                renewLater(c, attempt);
            }
        });
    }

    private void sendAll(Claim c, ClaimMessage m) {
        for (NodeId member : c.members) {
            out.send(member, m);
        }
    }
}
