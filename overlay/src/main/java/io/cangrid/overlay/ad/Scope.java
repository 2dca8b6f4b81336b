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

    private final Ad my;
    private final Ad other;
    private final long dayTimeSeconds;
    /** The attributes being evaluated, shared with the scope seen from the other side. */
    private final List<Object> evaluating;

    private Scope(Ad my, Ad other, long dayTimeSeconds, List<Object> evaluating) {
        this.my = my;
        this.other = other;
        this.dayTimeSeconds = dayTimeSeconds;
        this.evaluating = evaluating;
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
