package io.cangrid.overlay.ad;

import io.cangrid.overlay.ad.Value.ErrorValue;
import io.cangrid.overlay.ad.Value.IntValue;
import io.cangrid.overlay.ad.Value.ListValue;
import io.cangrid.overlay.ad.Value.StringValue;
import io.cangrid.overlay.ad.Value.Undefined;

/**
 * The strict binary operators and the two that are not, {@code =?=} and {@code =!=}, with the semantics
 * HTCondor's manual gives them: arithmetic on numbers only (booleans count as 1 and 0, as in the manual's
 * {@code RANK = Friend + ResearchGroup*10}), in integers when both operands are, and comparisons of two
 * numbers or two strings, strings compared without regard to case; anything else is {@code error}, and an
 * {@code undefined} operand makes the result {@code undefined} (an {@code error} one, {@code error}).
 */
public enum Op {
    TIMES("*", 5), DIVIDE("/", 5), MODULO("%", 5),
    PLUS("+", 4), MINUS("-", 4),
    LESS("<", 3), LESS_OR_EQUAL("<=", 3), GREATER(">", 3), GREATER_OR_EQUAL(">=", 3),
    EQUAL("==", 2), NOT_EQUAL("!=", 2), IS("=?=", 2), ISNT("=!=", 2);

    private final String symbol;
    /** Binding strength: higher binds tighter. */
    final int precedence;

    Op(String symbol, int precedence) {
        this.symbol = symbol;
        this.precedence = precedence;
    }

    public String symbol() {
        return symbol;
    }

    public Value apply(Value a, Value b) {
        if (this == IS) {
            return Value.of(identical(a, b));
        }
        if (this == ISNT) {
            return Value.of(!identical(a, b));
        }
        if (a instanceof ErrorValue || b instanceof ErrorValue) {
            return Value.ERROR;
        }
        if (a instanceof Undefined || b instanceof Undefined) {
            return Value.UNDEFINED;
        }
        return precedence >= 4 ? arithmetic(a, b) : compare(a, b);
    }

    private Value arithmetic(Value a, Value b) {
        Double x = a.number();
        Double y = b.number();
        if (x == null || y == null) {
            return Value.ERROR;
        }
        if (integral(a) && integral(b)) {
            long p = x.longValue();
            long q = y.longValue();
            return switch (this) {
                case TIMES -> Value.of(p * q);
                case PLUS -> Value.of(p + q);
                case MINUS -> Value.of(p - q);
                case DIVIDE -> q == 0 ? Value.ERROR : Value.of(p / q);
                case MODULO -> q == 0 ? Value.ERROR : Value.of(p % q);
                default -> throw new IllegalStateException(symbol);
            };
        }
        return switch (this) {
            case TIMES -> Value.of(x * y);
            case PLUS -> Value.of(x + y);
            case MINUS -> Value.of(x - y);
            case DIVIDE -> y == 0 ? Value.ERROR : Value.of(x / y);
            case MODULO -> y == 0 ? Value.ERROR : Value.of(x % y);
            default -> throw new IllegalStateException(symbol);
        };
    }

    private static boolean integral(Value v) {
        return !(v instanceof Value.RealValue);
    }

    private Value compare(Value a, Value b) {
        int c;
        if (a instanceof StringValue s && b instanceof StringValue t) {
            c = s.value().compareToIgnoreCase(t.value());
        } else if (a.number() != null && b.number() != null) {
            c = Double.compare(a.number(), b.number());
            if (a.number().doubleValue() == b.number().doubleValue()) {
                c = 0; // 0.0 and -0.0 are equal
            }
        } else {
            return Value.ERROR;
        }
        return Value.of(switch (this) {
            case LESS -> c < 0;
            case LESS_OR_EQUAL -> c <= 0;
            case GREATER -> c > 0;
            case GREATER_OR_EQUAL -> c >= 0;
            case EQUAL -> c == 0;
            case NOT_EQUAL -> c != 0;
            default -> throw new IllegalStateException(symbol);
        });
    }

    /** Same type and same value, strings with their case: never undefined. */
    static boolean identical(Value a, Value b) {
        if (a instanceof ListValue l && b instanceof ListValue m) {
            if (l.items().size() != m.items().size()) {
                return false;
            }
            for (int i = 0; i < l.items().size(); i++) {
                if (!identical(l.items().get(i), m.items().get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof IntValue || a instanceof Value.RealValue) {
            return a.getClass() == b.getClass() && a.number().doubleValue() == b.number().doubleValue();
        }
        return a.equals(b);
    }
}
