package io.cangrid.gangs;

import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.Value;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A search for one consistent gang around a root ad: docks the root's open ports one at a time to ads of the
 * pool, judging every constraint of the partial gang after each docking and backtracking when one is
 * decided false. Candidates for a port are tried best first by that port's {@code Rank} (the paper's
 * algorithms leave rank out; trying the preferred candidate first makes the gang found the one the root
 * prefers when several exist, at no cost to completeness). What differs between searches is which open port
 * goes next and how its candidates are found.
 */
public abstract class GangSearch {

    /** Every port in declaration order, every ad of the pool a candidate: the complete oracle. */
    public static GangSearch naive() {
        return new FixedOrder(false);
    }

    /** Ports in declaration order, candidates from the index. */
    public static GangSearch leftToRight() {
        return new FixedOrder(true);
    }

    /** The port with the fewest candidates first, constraints shunted into look-ups, failing fast. */
    public static GangSearch dynamic() {
        return new DynamicOrder();
    }

    /**
     * A consistent gang of {@code root} from {@code pool}, or null when none exists; the probes and
     * evaluations spent are added to {@code effort}. {@code dayTimeSeconds} is what {@code DayTime()} reads
     * (-1: no clock).
     */
    public Gang find(GangAd root, Pool pool, long dayTimeSeconds, Effort effort) {
        GangState state = new GangState(root, dayTimeSeconds);
        if (state.judgeAll() == Verdict.FALSE) {
            return null;
        }
        return marshal(state, pool, effort) ? state.toGang() : null;
    }

    /** Binds every open port of {@code state}, leaving it docked on success and as it was on failure. */
    abstract boolean marshal(GangState state, Pool pool, Effort effort);

    /** Docks {@code slot} to each candidate the partial gang does not rule out, best rank first, and goes on. */
    final boolean tryEach(GangState state, Slot slot, List<Slot> candidates, Pool pool, Effort effort) {
        record Alive(Slot candidate, double rank) {
        }
        List<Alive> alive = new ArrayList<>();
        for (Slot c : candidates) {
            effort.evaluation();
            GangState.Docking d = state.dock(slot, c.ad(), c.port());
            if (state.judgeAll() != Verdict.FALSE) {
                alive.add(new Alive(c, state.rank(slot)));
            }
            state.undo(d);
        }
        alive.sort(Comparator.comparingDouble(Alive::rank).reversed());
        for (Alive a : alive) {
            GangState.Docking d = state.dock(slot, a.candidate().ad(), a.candidate().port());
            if (marshal(state, pool, effort)) {
                return true;
            }
            state.undo(d);
        }
        return false;
    }

    /** Whether every constraint of a complete gang is true. */
    static boolean complete(GangState state) {
        return state.judgeAll() == Verdict.TRUE;
    }

    /**
     * The ads the index gives for open port {@code slot} from {@code conjuncts} (in its ad's scope): one probe
     * per plain equality on the port's label whose other side is decided now, the smallest answer kept; with
     * none, one probe for every ad.
     */
    static List<GangAd> lookUp(List<Expr> conjuncts, Slot slot, GangState state, Pool pool, Effort effort) {
        List<GangAd> best = null;
        for (Expr c : conjuncts) {
            Equality eq = Equality.of(c, slot.definition().label());
            if (eq == null) {
                continue;
            }
            Value v = state.decided(eq.value(), slot);
            if (v == null || Pool.key(eq.attribute(), v) == null) {
                continue;
            }
            List<GangAd> found = pool.holding(eq.attribute(), v, effort);
            if (best == null || found.size() < best.size()) {
                best = found;
            }
            if (best.isEmpty()) {
                break;
            }
        }
        return best != null ? best : pool.everything(effort);
    }

    /** The ports of {@code ads} that could dock at {@code slot}: ads not in the gang, their demands allowing. */
    static List<Slot> dockable(List<GangAd> ads, Slot slot, GangState state, Pool pool, boolean demands) {
        List<Slot> out = new ArrayList<>();
        for (GangAd ad : ads) {
            if (state.isMember(ad)) {
                continue;
            }
            for (Port p : ad.ports()) {
                if (!demands || pool.demandsAllow(ad, p.index(), slot, state)) {
                    out.add(new Slot(ad, p.index()));
                }
            }
        }
        return out;
    }
}
