package io.cangrid.overlay.ad;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A set of named expressions describing a job or a machine, names compared without regard to case (as
 * HTCondor's ClassAds do). Immutable: {@link #with} gives a new ad.
 */
public final class Ad {

    public static final Ad EMPTY = new Ad(Map.of());

    private record Attribute(String name, Expr expr) {
    }

    /** Attributes by lower-case name, in the order they were given. */
    private final Map<String, Attribute> attributes;

    private Ad(Map<String, Attribute> attributes) {
        this.attributes = attributes;
    }

    /**
     * Parses an ad: {@code [ Name = expr; ... ]}, or the same attributes one a line without the brackets
     * (a config file's form). A name given twice is an error, as is a malformed expression (with its column).
     */
    public static Ad parse(String text) {
        return ExprParser.parseAd(text);
    }

    /** This ad with {@code name} bound to {@code expr} (replacing any binding of the same name). */
    public Ad with(String name, Expr expr) {
        if (!ExprParser.isName(name)) {
            throw new IllegalArgumentException("'" + name + "' is no attribute name: letters, digits and _,"
                    + " not starting with a digit");
        }
        Map<String, Attribute> next = new LinkedHashMap<>(attributes);
        next.put(name.toLowerCase(Locale.ROOT), new Attribute(name, expr));
        return new Ad(Collections.unmodifiableMap(next));
    }

    public Ad with(String name, Value value) {
        return with(name, new Expr.Literal(value));
    }

    /** This ad with {@code name} bound to the expression {@code text} (parsed). */
    public Ad with(String name, String text) {
        return with(name, Expr.parse(text));
    }

    public boolean has(String name) {
        return attributes.containsKey(name.toLowerCase(Locale.ROOT));
    }

    /** The expression bound to {@code name}, or null. */
    public Expr get(String name) {
        Attribute a = attributes.get(name.toLowerCase(Locale.ROOT));
        return a == null ? null : a.expr();
    }

    /** The value of {@code name} in this ad alone (no other ad, no clock). */
    public Value evaluate(String name) {
        return Scope.of(this).lookUp(new Expr.Ref(Expr.Ref.Kind.MY, name));
    }

    /** The attribute names, as first given. */
    public List<String> names() {
        return attributes.values().stream().map(Attribute::name).toList();
    }

    /** One attribute of one ad (ads compare by identity), while it is being evaluated. */
    record Key(Ad ad, String name) {
    }

    Key key(String name) {
        return new Key(this, name.toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[ ");
        for (Attribute a : attributes.values()) {
            b.append(a.name()).append(" = ").append(a.expr()).append("; ");
        }
        return b.append(']').toString();
    }
}
