package io.cangrid.gangs;

import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves a member's undecided conjunct across a docking into the other ad's terms: what the member reads of
 * the other through its port label becomes the other's own expression for it, and everything the member
 * reads of itself becomes its value. The licence's {@code requester.Host == ValidHost}, docked at the job's
 * port {@code license} whose {@code Host = cpu.Name}, becomes the job's {@code cpu.Name == "foo.cs.wisc.edu"}.
 * Null when a part cannot be moved (it reads something else not yet decided).
 */
final class Shunt {

    private Shunt() {
    }

    /** {@code c}, a conjunct of port {@code from}, rewritten for the ad of {@code to}, the port docked there. */
    static Expr into(Expr c, Slot from, Slot to, GangState state) {
        if (c instanceof Expr.Literal) {
            return c;
        }
        if (c instanceof Expr.LabelRef r && r.label().equalsIgnoreCase(from.definition().label())) {
            Expr theirs = to.definition().seen().get(r.name());
            if (theirs == null) {
                return new Expr.Literal(Value.UNDEFINED);
            }
            if (readsOwnAttributes(theirs)) {
                Value v = state.decided(theirs, to);
                return v == null ? null : new Expr.Literal(v);
            }
            return theirs;
        }
        if (c instanceof Expr.LabelRef || c instanceof Expr.Ref) {
            Value v = state.decided(c, from);
            return v == null ? null : new Expr.Literal(v);
        }
        List<Expr> parts = new ArrayList<>();
        for (Expr child : Exprs.children(c)) {
            Expr moved = into(child, from, to, state);
            if (moved == null) {
                return null;
            }
            parts.add(moved);
        }
        return rebuild(c, parts);
    }

    /** Whether {@code e} names attributes without a label: read in another port of its ad, they would differ. */
    private static boolean readsOwnAttributes(Expr e) {
        if (e instanceof Expr.Ref) {
            return true;
        }
        for (Expr child : Exprs.children(e)) {
            if (readsOwnAttributes(child)) {
                return true;
            }
        }
        return false;
    }

    private static Expr rebuild(Expr c, List<Expr> p) {
        if (c instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), p.get(0), p.get(1));
        }
        if (c instanceof Expr.And) {
            return new Expr.And(p.get(0), p.get(1));
        }
        if (c instanceof Expr.Or) {
            return new Expr.Or(p.get(0), p.get(1));
        }
        if (c instanceof Expr.Not) {
            return new Expr.Not(p.get(0));
        }
        if (c instanceof Expr.Negate) {
            return new Expr.Negate(p.get(0));
        }
        if (c instanceof Expr.Conditional k) {
            return k.then() == null ? new Expr.Conditional(p.get(0), null, p.get(1))
                    : new Expr.Conditional(p.get(0), p.get(1), p.get(2));
        }
        if (c instanceof Expr.ListOf) {
            return new Expr.ListOf(p);
        }
        if (c instanceof Expr.Call k) {
            return new Expr.Call(k.name(), p);
        }
        return null;
    }
}
