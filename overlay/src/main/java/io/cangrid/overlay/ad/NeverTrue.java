package io.cangrid.overlay.ad;

import java.util.Locale;
import java.util.Map;

/**
 * Comparisons in a requirement that can never be true whatever the machine, because they compare a machine
 * attribute of known type with a literal of another: {@code other.Memory == "lots"} (a number with a
 * string), {@code other.OpSys > 3}. Such a comparison is {@code error} on every machine, and a job stating
 * it would be refused everywhere; it is refused where it is written instead.
 */
public final class NeverTrue {

    /** Machine attributes whose type every machine agrees on: true for numbers, false for strings. */
    private static final Map<String, Boolean> NUMERIC = Map.of("cpuspeed", true, "memory", true, "disk", true,
            "cpus", true, "javaversion", true, "opsys", false, "arch", false);

    private NeverTrue() {
    }

    /** The first comparison in {@code e} that can never be true, described, or null; {@code job} is its ad. */
    public static String find(Expr e, Ad job) {
        if (e instanceof Expr.And a) {
            String left = find(a.left(), job);
            return left != null ? left : find(a.right(), job);
        }
        if (e instanceof Expr.Or o) {
            String left = find(o.left(), job);
            return left != null ? left : find(o.right(), job);
        }
        if (e instanceof Expr.Not n) {
            return find(n.operand(), job);
        }
        if (!(e instanceof Expr.Binary b) || b.op() == Op.IS || b.op() == Op.ISNT || !comparison(b.op())) {
            return null;
        }
        String clash = clash(b.left(), b.right(), job);
        return clash != null ? clash : clash(b.right(), b.left(), job);
    }

    private static boolean comparison(Op op) {
        return switch (op) {
            case LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL, EQUAL, NOT_EQUAL -> true;
            default -> false;
        };
    }

    private static String clash(Expr attribute, Expr literal, Ad job) {
        if (!(attribute instanceof Expr.Ref r) || !(literal instanceof Expr.Literal l) || r.scope() == Expr.Ref.Kind.MY
                || (r.scope() == Expr.Ref.Kind.ANY && job.has(r.name()))) {
            return null;
        }
        Boolean numeric = NUMERIC.get(r.name().toLowerCase(Locale.ROOT));
        if (numeric == null) {
            return null;
        }
        boolean isString = l.value() instanceof Value.StringValue;
        boolean isNumber = l.value().number() != null;
        if (numeric && isString || !numeric && isNumber) {
            return r + " is " + (numeric ? "a number" : "a string") + " on every machine and " + l
                    + " is not: the comparison can never be true";
        }
        return null;
    }
}
