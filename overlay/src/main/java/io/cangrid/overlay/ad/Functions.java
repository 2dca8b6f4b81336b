package io.cangrid.overlay.ad;

import io.cangrid.overlay.ad.Value.ErrorValue;
import io.cangrid.overlay.ad.Value.ListValue;
import io.cangrid.overlay.ad.Value.RealValue;
import io.cangrid.overlay.ad.Value.StringValue;
import io.cangrid.overlay.ad.Value.Undefined;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The functions of the requirements language, named without regard to case, each with the number of
 * arguments it takes (checked as an expression is parsed) and HTCondor's manual's semantics for it.
 */
final class Functions {

    /** Fewest and most arguments, by lower-case name. */
    private record Arity(int min, int max) {
    }

    private static final Map<String, Arity> ARITY = Map.ofEntries(
            Map.entry("member", new Arity(2, 2)),
            Map.entry("identicalmember", new Arity(2, 2)),
            Map.entry("regexp", new Arity(2, 3)),
            Map.entry("isundefined", new Arity(1, 1)),
            Map.entry("iserror", new Arity(1, 1)),
            Map.entry("isstring", new Arity(1, 1)),
            Map.entry("isinteger", new Arity(1, 1)),
            Map.entry("isreal", new Arity(1, 1)),
            Map.entry("isboolean", new Arity(1, 1)),
            Map.entry("islist", new Arity(1, 1)),
            Map.entry("ifthenelse", new Arity(3, 3)),
            Map.entry("strcat", new Arity(0, Integer.MAX_VALUE)),
            Map.entry("tolower", new Arity(1, 1)),
            Map.entry("toupper", new Arity(1, 1)),
            Map.entry("size", new Arity(1, 1)),
            Map.entry("int", new Arity(1, 1)),
            Map.entry("real", new Arity(1, 1)),
            Map.entry("string", new Arity(1, 1)),
            Map.entry("floor", new Arity(1, 1)),
            Map.entry("ceiling", new Arity(1, 1)),
            Map.entry("round", new Arity(1, 1)),
            Map.entry("stringlistmember", new Arity(2, 3)),
            Map.entry("daytime", new Arity(0, 0)));

    private Functions() {
    }

    /** Null when {@code name} called with {@code args} arguments is well formed, else what is wrong. */
    static String problem(String name, int args) {
        Arity a = ARITY.get(name.toLowerCase(Locale.ROOT));
        if (a == null) {
            return "unknown function '" + name + "' (known: member, regexp, isUndefined, isError, ifThenElse,"
                    + " strcat, toLower, toUpper, size, int, real, string, floor, ceiling, round,"
                    + " stringListMember, identicalMember, isString, isInteger, isReal, isBoolean, isList, DayTime)";
        }
        if (args < a.min() || args > a.max()) {
            String wanted = a.min() == a.max() ? Integer.toString(a.min())
                    : a.max() == Integer.MAX_VALUE ? "at least " + a.min() : a.min() + " to " + a.max();
            return name + "() takes " + wanted + " argument" + (a.max() == 1 && a.min() == 1 ? "" : "s")
                    + ", not " + args;
        }
        return null;
    }

    static Value call(String name, List<Expr> args, Scope scope) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.equals("ifthenelse")) {
            // Lazy: only the branch taken is evaluated.
            return new Expr.Conditional(args.get(0), args.get(1), args.get(2)).evaluate(scope);
        }
        if (n.equals("daytime")) {
            return scope.dayTimeSeconds() == Scope.NO_CLOCK ? Value.UNDEFINED : Value.of(scope.dayTimeSeconds());
        }
        Value[] v = new Value[args.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = args.get(i).evaluate(scope);
        }
        return switch (n) {
            case "member" -> member(v[0], v[1], Op.EQUAL);
            case "identicalmember" -> member(v[0], v[1], Op.IS);
            case "regexp" -> regexp(v);
            case "isundefined" -> Value.of(v[0] instanceof Undefined);
            case "iserror" -> Value.of(v[0] instanceof ErrorValue);
            case "isstring" -> Value.of(v[0] instanceof StringValue);
            case "isinteger" -> Value.of(v[0] instanceof Value.IntValue);
            case "isreal" -> Value.of(v[0] instanceof RealValue);
            case "isboolean" -> Value.of(v[0] instanceof Value.BoolValue);
            case "islist" -> Value.of(v[0] instanceof ListValue);
            case "strcat" -> strcat(v);
            case "tolower", "toupper" -> {
                String s = asString(v[0]);
                yield s == null ? Value.ERROR
                        : Value.of(n.equals("tolower") ? s.toLowerCase(Locale.ROOT) : s.toUpperCase(Locale.ROOT));
            }
            case "size" -> v[0] instanceof StringValue s ? Value.of((long) s.value().length())
                    : v[0] instanceof ListValue l ? Value.of((long) l.items().size())
                    : v[0] instanceof Undefined ? Value.UNDEFINED : Value.ERROR;
            case "int" -> toInt(v[0]);
            case "real" -> toReal(v[0]);
            case "string" -> v[0] instanceof Undefined || v[0] instanceof ErrorValue ? v[0]
                    : Value.of(asString(v[0]));
            case "floor", "ceiling", "round" -> rounded(n, v[0]);
            case "stringlistmember" -> stringListMember(v);
            default -> throw new IllegalStateException("no function " + name);
        };
    }

    private static Value member(Value m, Value list, Op equality) {
        if (!(list instanceof ListValue l)) {
            return list instanceof Undefined ? Value.UNDEFINED : Value.ERROR;
        }
        if (m instanceof Undefined) {
            return Value.UNDEFINED;
        }
        if (m instanceof ErrorValue || m instanceof ListValue) {
            return Value.ERROR;
        }
        for (Value item : l.items()) {
            if (Value.TRUE.equals(equality.apply(m, item))) {
                return Value.TRUE;
            }
        }
        return Value.FALSE;
    }

    /** Null when every one of {@code v} is a string, else what a function of strings gives for them. */
    private static Value notAllStrings(Value[] v) {
        for (Value x : v) {
            if (x instanceof Undefined) {
                return Value.UNDEFINED;
            }
            if (!(x instanceof StringValue)) {
                return Value.ERROR;
            }
        }
        return null;
    }

    private static Value regexp(Value[] v) {
        Value problem = notAllStrings(v);
        if (problem != null) {
            return problem;
        }
        int flags = 0;
        if (v.length == 3) {
            String options = ((StringValue) v[2]).value();
            for (char c : options.toCharArray()) {
                switch (Character.toLowerCase(c)) {
                    case 'i' -> flags |= Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
                    case 'm' -> flags |= Pattern.MULTILINE;
                    case 's' -> flags |= Pattern.DOTALL;
                    case 'x' -> flags |= Pattern.COMMENTS;
                    default -> {
                        return Value.ERROR;
                    }
                }
            }
        }
        try {
            // Found anywhere in the target, as Perl's m// would find it.
            return Value.of(Pattern.compile(((StringValue) v[0]).value(), flags)
                    .matcher(new BoundedText(((StringValue) v[1]).value())).find());
        } catch (PatternSyntaxException | BoundedText.Exhausted e) {
            return Value.ERROR;
        }
    }

    private static Value strcat(Value[] v) {
        StringBuilder b = new StringBuilder();
        for (Value x : v) {
            if (x instanceof Undefined || x instanceof ErrorValue) {
                return Value.ERROR;
            }
            b.append(asString(x));
        }
        return Value.of(b.toString());
    }

    /** What {@code string()} makes of a value: a string's own text, any other value written out. */
    private static String asString(Value v) {
        if (v instanceof Undefined || v instanceof ErrorValue) {
            return null;
        }
        return v instanceof StringValue s ? s.value() : v.toString();
    }

    private static Value toInt(Value v) {
        if (v instanceof Undefined || v instanceof ErrorValue) {
            return v;
        }
        if (v instanceof StringValue s) {
            try {
                return Value.of((long) Double.parseDouble(s.value().trim()));
            } catch (NumberFormatException e) {
                return Value.ERROR;
            }
        }
        return v.number() == null ? Value.ERROR : Value.of(v.number().longValue());
    }

    private static Value toReal(Value v) {
        if (v instanceof Undefined || v instanceof ErrorValue) {
            return v;
        }
        if (v instanceof StringValue s) {
            try {
                return Value.of(Double.parseDouble(s.value().trim()));
            } catch (NumberFormatException e) {
                return Value.ERROR;
            }
        }
        return v.number() == null ? Value.ERROR : Value.of(v.number().doubleValue());
    }

    private static Value rounded(String how, Value v) {
        Value r = toReal(v);
        if (!(r instanceof RealValue x)) {
            return r;
        }
        double d = switch (how) {
            case "floor" -> Math.floor(x.value());
            case "ceiling" -> Math.ceil(x.value());
            default -> Math.round(x.value());
        };
        return Value.of((long) d);
    }

    private static Value stringListMember(Value[] v) {
        Value problem = notAllStrings(v);
        if (problem != null) {
            return problem;
        }
        String item = ((StringValue) v[0]).value();
        String delimiters = v.length == 3 ? ((StringValue) v[2]).value() : ", ";
        String list = ((StringValue) v[1]).value();
        int start = 0;
        for (int i = 0; i <= list.length(); i++) {
            if (i == list.length() || delimiters.indexOf(list.charAt(i)) >= 0) {
                if (i > start && list.substring(start, i).equals(item)) {
                    return Value.TRUE;
                }
                start = i + 1;
            }
        }
        return Value.FALSE;
    }
}
