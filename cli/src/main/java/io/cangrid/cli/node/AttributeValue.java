package io.cangrid.cli.node;

import io.cangrid.overlay.ad.Ad;
import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.ExprSyntaxException;
import io.cangrid.overlay.ad.Scope;
import io.cangrid.overlay.ad.Value;

/**
 * The value of an operator's {@code --attr NAME=VALUE}: a literal of the requirements language when it is one
 * ({@code 8}, {@code 2.5}, {@code true}, {@code 16G}, {@code "x y"}, {@code {"matlab", "ansys"}}), else the
 * text as a string ({@code LINUX}, {@code GeForce RTX 3060}), so that the common case needs no quotes.
 */
final class AttributeValue {

    private AttributeValue() {
    }

    static Value parse(String text) {
        try {
            Expr e = Expr.parse(text);
            Value v = Scope.of(Ad.EMPTY).evaluate(e);
            // A name (LINUX) reads as a reference, undefined here: the operator meant the word.
            if (!(v instanceof Value.Undefined) || text.trim().equalsIgnoreCase("undefined")) {
                return v;
            }
        } catch (ExprSyntaxException e) {
            // Not a literal, so the text itself is the value.
            return Value.of(text);
        }
        return Value.of(text);
    }
}
