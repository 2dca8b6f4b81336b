package io.cangrid.gangs;

import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.Scope;
import io.cangrid.overlay.ad.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;

/**
 * A gang being marshalled: its members (the root first), which ports are docked to which, and the ports still
 * open. Constraints are judged on it conjunct by conjunct: a conjunct that reads a label not yet bound, even
 * through an attribute another member exports, is deferred; the others are decided now and stay so, as
 * binding more ports cannot change what they read. That is the paper's partial evaluation, kept sound for
 * {@code =?=} and {@code isUndefined}, which an unbound label read as {@code undefined} would fool.
 */
final class GangState {

    /** One docking, to be undone when the search backtracks. */
    record Docking(Slot from, Slot to, int openAt, int opened) {
    }

    private final long dayTimeSeconds;
    private final List<GangAd> members = new ArrayList<>();
    private final Map<Slot, Slot> docked = new HashMap<>();
    private final LinkedList<Slot> open = new LinkedList<>();
    private boolean readUnbound;

    GangState(GangAd root, long dayTimeSeconds) {
        this.dayTimeSeconds = dayTimeSeconds;
        members.add(root);
        for (int i = 0; i < root.ports().size(); i++) {
            open.add(new Slot(root, i));
        }
    }

    GangAd root() {
        return members.get(0);
    }

    List<Slot> open() {
        return open;
    }

    List<GangAd> members() {
        return members;
    }

    boolean isMember(GangAd ad) {
        return members.contains(ad);
    }

    /** What {@code slot} is docked to, or null. */
    Slot dockedTo(Slot slot) {
        return docked.get(slot);
    }

    /**
     * Docks open port {@code from} to port {@code port} of {@code candidate}, which joins the gang; its other
     * ports open where {@code from} was, so that the fixed order finishes a member's sub-gang before going on.
     */
    Docking dock(Slot from, GangAd candidate, int port) {
        Slot to = new Slot(candidate, port);
        int at = open.indexOf(from);
        open.remove(at);
        members.add(candidate);
        docked.put(from, to);
        docked.put(to, from);
        int opened = 0;
        for (int i = 0; i < candidate.ports().size(); i++) {
            if (i != port) {
                open.add(at + opened++, new Slot(candidate, i));
            }
        }
        return new Docking(from, to, at, opened);
    }

    void undo(Docking d) {
        for (int i = 0; i < d.opened(); i++) {
            open.remove(d.openAt());
        }
        open.add(d.openAt(), d.from());
        docked.remove(d.from());
        docked.remove(d.to());
        members.remove(members.size() - 1);
    }

    /** The labels of {@code ad} as bound now; reading an unbound one is noted. */
    Scope.Labels labelsOf(GangAd ad) {
        return label -> {
            for (Port p : ad.ports()) {
                if (p.label().equalsIgnoreCase(label)) {
                    Slot to = docked.get(new Slot(ad, p.index()));
                    if (to == null) {
                        readUnbound = true;
                        return null;
                    }
                    return new Scope.Docked(to.definition().seen(), labelsOf(to.ad()));
                }
            }
            return null;
        };
    }

    /** The value of {@code e} in port {@code slot}'s scope, or null when it reads a label not bound yet. */
    Value decided(Expr e, Slot slot) {
        readUnbound = false;
        Value v = Scope.inGang(slot.definition().seen(), labelsOf(slot.ad()), dayTimeSeconds).evaluate(e);
        return readUnbound ? null : v;
    }

    Verdict judge(Expr conjunct, Slot slot) {
        Value v = decided(conjunct, slot);
        return v == null ? Verdict.DEFERRED : v.isTrue() ? Verdict.TRUE : Verdict.FALSE;
    }

    /** The constraint of port {@code slot} as far as it can be judged now. */
    Verdict judge(Slot slot) {
        Verdict all = Verdict.TRUE;
        for (Expr c : Expr.conjuncts(slot.definition().constraint())) {
            all = all.and(judge(c, slot));
            if (all == Verdict.FALSE) {
                return all;
            }
        }
        return all;
    }

    /** Every constraint of every member: false as soon as one conjunct anywhere is decided false. */
    Verdict judgeAll() {
        Verdict all = Verdict.TRUE;
        for (GangAd m : members) {
            for (int i = 0; i < m.ports().size(); i++) {
                all = all.and(judge(new Slot(m, i)));
                if (all == Verdict.FALSE) {
                    return all;
                }
            }
        }
        return all;
    }

    /** Port {@code slot}'s rank of what is docked there: a number, else 0 (as HTCondor counts it). */
    double rank(Slot slot) {
        Expr r = slot.definition().rank();
        if (r == null) {
            return 0;
        }
        Value v = decided(r, slot);
        Double n = v == null ? null : v.number();
        return n == null || n.isNaN() ? 0 : n;
    }

    Gang toGang() {
        List<Binding> bindings = new ArrayList<>();
        for (GangAd m : members) {
            for (int i = 0; i < m.ports().size(); i++) {
                Slot to = docked.get(new Slot(m, i));
                if (to != null && members.indexOf(to.ad()) > members.indexOf(m)) {
                    bindings.add(new Binding(m, i, to.ad(), to.port()));
                }
            }
        }
        return new Gang(members.get(0), List.copyOf(members), List.copyOf(bindings));
    }
}
