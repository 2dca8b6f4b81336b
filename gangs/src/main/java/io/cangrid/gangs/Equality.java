package io.cangrid.gangs;

import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.Op;

/** A conjunct {@code label.Attribute == value} (either way round, {@code ==} or {@code =?=}). */
record Equality(String attribute, Op op, Expr value) {

    static Equality of(Expr conjunct, String label) {
        if (!(conjunct instanceof Expr.Binary b) || (b.op() != Op.EQUAL && b.op() != Op.IS)) {
            return null;
        }
        if (b.left() instanceof Expr.LabelRef r && r.label().equalsIgnoreCase(label)) {
            return new Equality(r.name(), b.op(), b.right());
        }
        if (b.right() instanceof Expr.LabelRef r && r.label().equalsIgnoreCase(label)) {
            return new Equality(r.name(), b.op(), b.left());
        }
        return null;
    }
}
