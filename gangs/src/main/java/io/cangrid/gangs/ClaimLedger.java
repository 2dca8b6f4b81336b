package io.cangrid.gangs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The members' side of claiming a gang, in two phases. Prepare: each member in turn holds itself for the gang
 * under a lease, or votes no at once when it is held or claimed for another gang (no member waits while
 * holding, so two gangs cannot deadlock), or when, as its agent states it now, the gang no longer satisfies
 * its constraints. Then all members commit, or all holds are released: no gang is ever partly allocated. A
 * hold whose lease ran out (its coordinator gone) is released by {@link #expire}.
 */
public final class ClaimLedger {

    /** A member held for {@code gang} until {@code expiresAt}, or claimed by it when {@code claimed}. */
    public record Hold(String gang, long expiresAt, boolean claimed) {
    }

    /** How a claim ended: committed, or refused with the reason naming the member. */
    public record Outcome(boolean committed, String reason) {
    }

    private final Map<String, Hold> holds = new HashMap<>();

    /**
     * Claims the members of {@code gang} (its id {@code gangId}) at {@code now}; {@code current} gives each
     * member's ad as its agent states it now (its load, say, may have changed since the match).
     */
    public Outcome claim(String gangId, Gang gang, UnaryOperator<GangAd> current, long now, long leaseMillis,
            long dayTimeSeconds) {
        expire(now);
        List<String> prepared = new ArrayList<>();
        for (GangAd member : gang.members()) {
            Hold h = holds.get(member.name());
            if (h != null && !h.gang().equals(gangId)) {
                release(gangId, prepared);
                return new Outcome(false, "prepare refused by " + member.name() + ": "
                        + (h.claimed() ? "claimed by" : "held for") + " gang " + h.gang());
            }
            holds.put(member.name(), new Hold(gangId, now + leaseMillis, false));
            prepared.add(member.name());
        }
        String changed = stillConsistent(gang, current, dayTimeSeconds);
        if (changed != null) {
            release(gangId, prepared);
            return new Outcome(false, "prepare refused by " + changed + ": its constraints no longer hold");
        }
        for (String name : prepared) {
            holds.put(name, new Hold(gangId, Long.MAX_VALUE, true));
        }
        return new Outcome(true, "claimed " + String.join(", ", prepared));
    }

    /** The member whose port constraints fail once every member is read as it is now, or null. */
    static String stillConsistent(Gang gang, UnaryOperator<GangAd> current, long dayTimeSeconds) {
        Map<GangAd, GangAd> now = new HashMap<>();
        for (GangAd m : gang.members()) {
            now.put(m, current.apply(m));
        }
        GangState state = new GangState(now.get(gang.root()), dayTimeSeconds);
        for (Binding b : gang.bindings()) {
            state.dock(new Slot(now.get(b.ad()), b.port()), now.get(b.other()), b.otherPort());
        }
        for (GangAd m : state.members()) {
            for (int i = 0; i < m.ports().size(); i++) {
                if (state.judge(new Slot(m, i)) != Verdict.TRUE) {
                    return m.name();
                }
            }
        }
        return null;
    }

    /** Ends gang {@code gangId}: its members are free again. */
    public void finish(String gangId) {
        holds.values().removeIf(h -> h.gang().equals(gangId));
    }

    /** Releases every hold whose lease ended by {@code now}. */
    public void expire(long now) {
        holds.values().removeIf(h -> !h.claimed() && h.expiresAt() <= now);
    }

    private void release(String gangId, List<String> names) {
        for (String n : names) {
            Hold h = holds.get(n);
            if (h != null && h.gang().equals(gangId)) {
                holds.remove(n);
            }
        }
    }

    /** Who holds what now, by member name. */
    public Map<String, Hold> holds() {
        return Map.copyOf(holds);
    }
}
