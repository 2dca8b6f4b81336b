package io.cangrid.overlay.ad;

import java.util.ArrayList;
import java.util.List;

/**
 * Where an expression is evaluated: the ad it belongs to ({@code my}), the ad it is matched against
 * ({@code other}, also written {@code target}), and the time of day, which {@code DayTime()} reads. The time
 * comes from the caller, so that a node's policy is evaluated on its own clock and a simulation stays
 * reproducible. An attribute whose value is being evaluated and is referred to again is a circular
 * definition: the reference is {@code error}, as is one nested deeper than {@link #MAX_DEPTH}. An ad
 * evaluated alone has no clock, so that nothing derived from it alone (a job's search box) can depend on the
 * time it was derived at.
 */
public final class Scope {

    /** References followed within one evaluation at most. */
    static final int MAX_DEPTH = 64;

    /**
     * What the labels of a gang's ad are bound to: for a label, the ad docked there as it looks from this
     * side (the port it docked through over its own attributes) with its own labels, or null while unbound.
     */
    public interface Labels {
        Docked docked(String label);
    }

    /** An ad docked at a label, as the other side sees it, and what its own labels are bound to. */
    public record Docked(Ad seen, Labels labels) {
    }

    private final Ad my;
    private final Ad other;
    private final long dayTimeSeconds;
    /** The attributes being evaluated, shared with the scope seen from the other side. */
    private final List<Object> evaluating;
    private final Labels labels;

    private Scope(Ad my, Ad other, long dayTimeSeconds, List<Object> evaluating) {
        this(my, other, dayTimeSeconds, evaluating, null);
    }

    private Scope(Ad my, Ad other, long dayTimeSeconds, List<Object> evaluating, Labels labels) {
        this.my = my;
        this.other = other;
        this.dayTimeSeconds = dayTimeSeconds;
        this.evaluating = evaluating;
        this.labels = labels;
    }

    /**
     * {@code my}, a port of a gang's ad over the ad's own attributes, with its labels bound by {@code labels};
     * {@code dayTimeSeconds} -1 for no clock.
     */
    public static Scope inGang(Ad my, Labels labels, long dayTimeSeconds) {
        return new Scope(my == null ? Ad.EMPTY : my, null, dayTimeSeconds, new ArrayList<>(), labels);
    }

    /** {@code my} matched against {@code other} (null: evaluated alone), {@code dayTimeSeconds} since midnight. */
    public static Scope of(Ad my, Ad other, long dayTimeSeconds) {
        return new Scope(my == null ? Ad.EMPTY : my, other, dayTimeSeconds, new ArrayList<>());
    }

    /** An ad alone and with no clock: {@code DayTime()} is undefined there, as is any {@code other.} reference. */
    public static Scope of(Ad my) {
        return of(my, null, NO_CLOCK);
    }

    /** The time of day of a scope that has none. */
    static final long NO_CLOCK = -1;

    /** The value of {@code e} here. */
    public Value evaluate(Expr e) {
        return e.evaluate(this);
    }

    long dayTimeSeconds() {
        return dayTimeSeconds;
    }

    /** The value of attribute {@code name} as {@code ref} names it. */
    Value lookUp(Expr.Ref ref) {
        String name = ref.name();
        return switch (ref.scope()) {
            case MY -> valueIn(my, name, this);
            case OTHER -> other == null ? Value.UNDEFINED : valueIn(other, name, swapped());
            case ANY -> my.has(name) ? valueIn(my, name, this)
                    : other != null && other.has(name) ? valueIn(other, name, swapped()) : Value.UNDEFINED;
        };
    }

    private Scope swapped() {
        return new Scope(other, my, dayTimeSeconds, evaluating);
    }

    /** The value of {@code label.Name}: evaluated where it is defined, in the docked ad with its own labels. */
    Value lookUpLabel(Expr.LabelRef ref) {
        Docked docked = labels == null ? null : labels.docked(ref.label());
        if (docked == null) {
            return Value.UNDEFINED;
        }
        return valueIn(docked.seen(), ref.name(),
                new Scope(docked.seen(), null, dayTimeSeconds, evaluating, docked.labels()));
    }

    private Value valueIn(Ad ad, String name, Scope seenFrom) {
        Expr e = ad.get(name);
        if (e == null) {
            return Value.UNDEFINED;
        }
        Object key = ad.key(name);
        if (evaluating.contains(key) || evaluating.size() >= MAX_DEPTH) {
            return Value.ERROR;
        }
        evaluating.add(key);
        try {
            return e.evaluate(seenFrom);
        } finally {
            evaluating.remove(evaluating.size() - 1);
        }
    }
}
