package io.cangrid.gangs;

import io.cangrid.overlay.ad.Expr;
import java.util.ArrayList;
import java.util.List;

/** Walks over expressions: the label references in one, and the parts of one. */
final class Exprs {

    private Exprs() {
    }

    static List<Expr.LabelRef> labelRefs(Expr e) {
        List<Expr.LabelRef> found = new ArrayList<>();
        collect(e, found);
        return found;
    }

    private static void collect(Expr e, List<Expr.LabelRef> found) {
        if (e instanceof Expr.LabelRef r) {
            found.add(r);
        }
        for (Expr child : children(e)) {
            collect(child, found);
        }
    }

    static List<Expr> children(Expr e) {
        if (e instanceof Expr.Binary b) {
            return List.of(b.left(), b.right());
        }
        if (e instanceof Expr.And a) {
            return List.of(a.left(), a.right());
        }
        if (e instanceof Expr.Or o) {
            return List.of(o.left(), o.right());
        }
        if (e instanceof Expr.Not n) {
            return List.of(n.operand());
        }
        if (e instanceof Expr.Negate n) {
            return List.of(n.operand());
        }
        if (e instanceof Expr.Conditional c) {
            List<Expr> l = new ArrayList<>();
            l.add(c.condition());
            if (c.then() != null) {
                l.add(c.then());
            }
            l.add(c.otherwise());
            return l;
        }
        if (e instanceof Expr.ListOf l) {
            return l.items();
        }
        if (e instanceof Expr.Call c) {
            return c.args();
        }
        return List.of();
    }
}
