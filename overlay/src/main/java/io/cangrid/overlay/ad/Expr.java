package io.cangrid.overlay.ad;

import io.cangrid.overlay.ad.Value.ErrorValue;
import io.cangrid.overlay.ad.Value.ListValue;
import io.cangrid.overlay.ad.Value.StringValue;
import io.cangrid.overlay.ad.Value.Undefined;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An expression of the requirements language, the part of HTCondor's ClassAd language a grid of desktops
 * needs: literals, attribute references, arithmetic, comparisons, {@code && || ! ?:}, {@code =?=} and
 * {@code =!=}, lists and a few functions. {@link #toString()} writes it back, fully parenthesised.
 */
public sealed interface Expr {

    Value evaluate(Scope scope);

    /** Parses {@code text}; a malformed one throws {@link ExprSyntaxException} naming the column. */
    static Expr parse(String text) {
        return ExprParser.parse(text);
    }

    /** The top-level conjuncts of {@code e}: {@code a && b && c} as [a, b, c]; null as none. */
    static List<Expr> conjuncts(Expr e) {
        List<Expr> out = new ArrayList<>();
        if (e != null) {
            splitAnd(e, out);
        }
        return out;
    }

    private static void splitAnd(Expr e, List<Expr> out) {
        if (e instanceof And a) {
            splitAnd(a.left(), out);
            splitAnd(a.right(), out);
        } else {
            out.add(e);
        }
    }

    record Literal(Value value) implements Expr {
        @Override
        public Value evaluate(Scope scope) {
            return value;
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }

    /** {@code my.Name}, {@code other.Name} (or {@code target.Name}), or a bare {@code Name}. */
    record Ref(Kind scope, String name) implements Expr {
        public enum Kind { MY, OTHER, ANY }

        @Override
        public Value evaluate(Scope s) {
            return s.lookUp(this);
        }

        @Override
        public String toString() {
            return switch (scope) {
                case MY -> "my." + name;
                case OTHER -> "other." + name;
                case ANY -> name;
            };
        }
    }

    /**
     * {@code label.Name} inside a port of a gang's ad: the attribute as the ad docked at that port exports it
     * (its port's attributes first, then its own); undefined while nothing is docked there.
     */
    record LabelRef(String label, String name) implements Expr {
        @Override
        public Value evaluate(Scope s) {
            return s.lookUpLabel(this);
        }

        @Override
        public String toString() {
            return label + "." + name;
        }
    }

    record Binary(Op op, Expr left, Expr right) implements Expr {
        @Override
        public Value evaluate(Scope scope) {
            return op.apply(left.evaluate(scope), right.evaluate(scope));
        }

        @Override
        public String toString() {
            return "(" + left + " " + op.symbol() + " " + right + ")";
        }
    }

    /**
     * {@code a && b}: not strict. False on either side makes it false whatever the other is; otherwise an
     * undefined side makes it undefined. An error, a string or a list on the side read first, or on the
     * other when the first is not false, makes it an error.
     */
    record And(Expr left, Expr right) implements Expr {
        @Override
        public Value evaluate(Scope scope) {
            Truth a = Truth.of(left.evaluate(scope));
            if (a == Truth.FALSE || a == Truth.ERROR) {
                return a.value();
            }
            Truth b = Truth.of(right.evaluate(scope));
            if (b == Truth.FALSE || b == Truth.ERROR) {
                return b.value();
            }
            return a == Truth.UNDEFINED || b == Truth.UNDEFINED ? Value.UNDEFINED : Value.TRUE;
        }

        @Override
        public String toString() {
            return "(" + left + " && " + right + ")";
        }
    }

    /** {@code a || b}: the dual of {@link And}; true on either side makes it true. */
    record Or(Expr left, Expr right) implements Expr {
        @Override
        public Value evaluate(Scope scope) {
            Truth a = Truth.of(left.evaluate(scope));
            if (a == Truth.TRUE || a == Truth.ERROR) {
                return a.value();
            }
            Truth b = Truth.of(right.evaluate(scope));
            if (b == Truth.TRUE || b == Truth.ERROR) {
                return b.value();
            }
            return a == Truth.UNDEFINED || b == Truth.UNDEFINED ? Value.UNDEFINED : Value.FALSE;
        }

        @Override
        public String toString() {
            return "(" + left + " || " + right + ")";
        }
    }

    record Not(Expr operand) implements Expr {
        @Override
        public Value evaluate(Scope scope) {
            Truth t = Truth.of(operand.evaluate(scope));
            return switch (t) {
                case TRUE -> Value.FALSE;
                case FALSE -> Value.TRUE;
                default -> t.value();
            };
        }

        @Override
        public String toString() {
            return "!" + operand;
        }
    }

    record Negate(Expr operand) implements Expr {
        @Override
        public Value evaluate(Scope scope) {
            Value v = operand.evaluate(scope);
            if (v instanceof Undefined || v instanceof ErrorValue) {
                return v;
            }
            if (v instanceof Value.RealValue r) {
                return Value.of(-r.value());
            }
            return v.number() == null ? Value.ERROR : Value.of(-v.number().longValue());
        }

        @Override
        public String toString() {
            return "-" + operand;
        }
    }

    /**
     * {@code c ? a : b}, strict in its condition (undefined gives undefined, a string an error); and
     * {@code c ?: b} (no middle), the value of {@code c} unless it is undefined, then that of {@code b}.
     */
    record Conditional(Expr condition, Expr then, Expr otherwise) implements Expr {
        @Override
        public Value evaluate(Scope scope) {
            Value c = condition.evaluate(scope);
            if (then == null) {
                return c instanceof Undefined ? otherwise.evaluate(scope) : c;
            }
            Truth t = Truth.of(c);
            return switch (t) {
                case TRUE -> then.evaluate(scope);
                case FALSE -> otherwise.evaluate(scope);
                default -> t.value();
            };
        }

        @Override
        public String toString() {
            return "(" + condition + " ? " + (then == null ? "" : then + " ") + ": " + otherwise + ")";
        }
    }

    record ListOf(List<Expr> items) implements Expr {
        public ListOf {
            items = List.copyOf(items);
        }

        @Override
        public Value evaluate(Scope scope) {
            List<Value> values = new ArrayList<>(items.size());
            for (Expr e : items) {
                values.add(e.evaluate(scope));
            }
            return new ListValue(values);
        }

        @Override
        public String toString() {
            return items.stream().map(Expr::toString).collect(Collectors.joining(", ", "{", "}"));
        }
    }

    /** A call of one of {@link Functions}; its name and number of arguments were checked as it was parsed. */
    record Call(String name, List<Expr> args) implements Expr {
        public Call {
            args = List.copyOf(args);
        }

        @Override
        public Value evaluate(Scope scope) {
            return Functions.call(name, args, scope);
        }

        @Override
        public String toString() {
            return args.stream().map(Expr::toString).collect(Collectors.joining(", ", name + "(", ")"));
        }
    }

    /** A value as the logical operators read it: numbers stand for booleans, strings and lists are errors. */
    enum Truth {
        TRUE, FALSE, UNDEFINED, ERROR;

        static Truth of(Value v) {
            if (v instanceof Undefined) {
                return UNDEFINED;
            }
            if (v instanceof ErrorValue || v instanceof StringValue || v instanceof ListValue) {
                return ERROR;
            }
            return v.isTrue() ? TRUE : FALSE;
        }

        Value value() {
            return switch (this) {
                case TRUE -> Value.TRUE;
                case FALSE -> Value.FALSE;
                case UNDEFINED -> Value.UNDEFINED;
                case ERROR -> Value.ERROR;
            };
        }
    }
}
