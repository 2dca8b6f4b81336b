package io.cangrid.overlay.ad;

import java.util.List;

/**
 * Two-sided matching of ads, as HTCondor's matchmaker does it: each ad's requirement is evaluated with the
 * other ad as {@code other}, and the two match only when both requirements are true; an undefined or
 * erroneous requirement is no match. Rank is each side's preference among ads that match.
 */
public final class Match {

    /** The attributes an ad states its requirement of the other in, the first present counting. */
    public static final List<String> REQUIREMENT_NAMES = List.of("Requirements", "Constraint", "Start");
    public static final String RANK = "Rank";

    private Match() {
    }

    /**
     * What {@code self} requires of {@code other}, evaluated at {@code dayTimeSeconds}: its first
     * requirement attribute; an ad with none accepts anything.
     */
    public static Value requirement(Ad self, Ad other, long dayTimeSeconds) {
        for (String name : REQUIREMENT_NAMES) {
            Expr e = self.get(name);
            if (e != null) {
                return e.evaluate(Scope.of(self, other, dayTimeSeconds));
            }
        }
        return Value.TRUE;
    }

    /** Whether {@code a} and {@code b} match: both requirements true. */
    public static boolean matches(Ad a, Ad b, long dayTimeSeconds) {
        return requirement(a, b, dayTimeSeconds).isTrue() && requirement(b, a, dayTimeSeconds).isTrue();
    }

    /**
     * How much {@code self} prefers {@code other}: its {@code Rank} as a number, higher better. A rank that is
     * absent, not a number, undefined or an error counts as 0, as in HTCondor.
     */
    public static double rank(Ad self, Ad other, long dayTimeSeconds) {
        Expr e = self.get(RANK);
        if (e == null) {
            return 0;
        }
        Double n = e.evaluate(Scope.of(self, other, dayTimeSeconds)).number();
        return n == null || n.isNaN() ? 0 : n;
    }
}
