package io.cangrid.gangs;

import io.cangrid.overlay.ad.Expr;
import java.util.ArrayList;
import java.util.List;

/**
 * The paper's dynamic search: every open port's candidates are estimated by probing the index, the search
 * stops at once when a port has none, and otherwise binds the port with the fewest first (on a tie the later
 * one: later ports read earlier labels, so once bound their constraints narrow the earlier ports, as a bound
 * licence turns {@code requester.Host == ValidHost} into a look-up of one machine). Constraints of bound
 * members still waiting on an open port are shunted onto it: rewritten in the open port's own terms and used
 * as look-ups.
 */
final class DynamicOrder extends GangSearch {

    @Override
    boolean marshal(GangState state, Pool pool, Effort effort) {
        if (state.open().isEmpty()) {
            return complete(state);
        }
        Slot best = null;
        List<Slot> fewest = null;
        for (Slot open : List.copyOf(state.open())) {
            List<Expr> conjuncts = new ArrayList<>(Expr.conjuncts(open.definition().constraint()));
            conjuncts.addAll(shunted(open, state));
            List<Slot> candidates = dockable(lookUp(conjuncts, open, state, pool, effort), open, state, pool, true);
            if (candidates.isEmpty()) {
                return false;
            }
            if (fewest == null || candidates.size() <= fewest.size()) {
                best = open;
                fewest = candidates;
            }
        }
        return tryEach(state, best, fewest, pool, effort);
    }

    /**
     * The undecided conjuncts that wait on open port {@code open}, in the terms of its ad: those of its ad's
     * other ports as they are, and those of the members docked at its ad's ports, rewritten by {@link Shunt}.
     */
    private static List<Expr> shunted(Slot open, GangState state) {
        List<Expr> out = new ArrayList<>();
        GangAd ad = open.ad();
        for (Port p : ad.ports()) {
            Slot own = new Slot(ad, p.index());
            Slot docked = state.dockedTo(own);
            if (p.index() == open.port() || docked == null) {
                continue;
            }
            for (Expr c : Expr.conjuncts(p.constraint())) {
                if (state.judge(c, own) == Verdict.DEFERRED) {
                    out.add(c);
                }
            }
            for (Expr c : Expr.conjuncts(docked.definition().constraint())) {
                if (state.judge(c, docked) == Verdict.DEFERRED) {
                    Expr moved = Shunt.into(c, docked, own, state);
                    if (moved != null) {
                        out.add(moved);
                    }
                }
            }
        }
        return out;
    }
}
