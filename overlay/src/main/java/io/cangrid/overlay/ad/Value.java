package io.cangrid.overlay.ad;

import java.util.List;
import java.util.Locale;

/**
 * The value of an expression: a boolean, an integer, a real, a string, a list, or one of the two values that
 * make every operator total, {@code undefined} (an attribute no ad has) and {@code error} (an operator
 * applied to what it cannot take, such as {@code 10 * "a"}). Sizes and times have no type of their own: a
 * size literal is a real number of MiB, a relative time an integer number of seconds.
 */
public sealed interface Value {

    Value UNDEFINED = new Undefined();
    Value ERROR = new ErrorValue();
    Value TRUE = new BoolValue(true);
    Value FALSE = new BoolValue(false);

    static Value of(boolean b) {
        return b ? TRUE : FALSE;
    }

    static Value of(long n) {
        return new IntValue(n);
    }

    static Value of(double x) {
        return new RealValue(x);
    }

    static Value of(String s) {
        return new StringValue(s);
    }

    /**
     * Whether this value, as a requirement's outcome, says yes: {@code true}, or a number other than zero (the
     * language's integers stand for booleans as well). Undefined, error, false, zero and strings say no.
     */
    default boolean isTrue() {
        return false;
    }

    /** This value as a number, when it is one (booleans count as 1 and 0), else null. */
    default Double number() {
        return null;
    }

    /** The attribute no ad has. */
    record Undefined() implements Value {
        @Override
        public String toString() {
            return "undefined";
        }
    }

    /** What an operator gives for operands it cannot take. */
    record ErrorValue() implements Value {
        @Override
        public String toString() {
            return "error";
        }
    }

    record BoolValue(boolean value) implements Value {
        @Override
        public boolean isTrue() {
            return value;
        }

        @Override
        public Double number() {
            return value ? 1.0 : 0.0;
        }

        @Override
        public String toString() {
            return value ? "true" : "false";
        }
    }

    record IntValue(long value) implements Value {
        @Override
        public boolean isTrue() {
            return value != 0;
        }

        @Override
        public Double number() {
            return (double) value;
        }

        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    record RealValue(double value) implements Value {
        @Override
        public boolean isTrue() {
            return value != 0.0;
        }

        @Override
        public Double number() {
            return value;
        }

        @Override
        public String toString() {
            if (value == Math.rint(value) && !Double.isInfinite(value) && Math.abs(value) < 1e15) {
                return String.format(Locale.ROOT, "%.1f", value);
            }
            return Double.toString(value);
        }
    }

    record StringValue(String value) implements Value {
        @Override
        public String toString() {
            StringBuilder b = new StringBuilder("\"");
            for (char c : value.toCharArray()) {
                if (c == '"' || c == '\\') {
                    b.append('\\');
                }
                b.append(c);
            }
            return b.append('"').toString();
        }
    }

    record ListValue(List<Value> items) implements Value {
        public ListValue {
            items = List.copyOf(items);
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder("{");
            for (int i = 0; i < items.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(items.get(i));
            }
            return b.append('}').toString();
        }
    }
}
