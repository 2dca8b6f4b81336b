package io.cangrid.hygra.protocol;

/**
 * The knobs of one HYGRA grid, checked when built.
 *
 * @param degMin fewest links a cut may leave a node with
 * @param degMax most links a node may have
 * @param tMax annealing temperature a state change resets to; 0 turns annealing off (Algorithm 1 every cycle)
 * @param hopLimit most moves (forward or back) a request makes before it fails
 * @param hole what backtracking does at a node of its route that has moved
 * @param cyclePeriodMillis period of overlay cycles a node schedules itself; 0 when a driver runs cycles
 * @param roundTimeoutMillis how long a cycle waits for replies before it goes on with what it has
 */
public record HygraParameters(int degMin, int degMax, int tMax, int hopLimit, Heuristic heuristic,
        DeadEndStrategy deadEnd, VisitIdentity identity, Placement placement, HoleInHistory hole, long cyclePeriodMillis,
        long roundTimeoutMillis) {

    public static final int DEFAULT_DEG_MIN = 8;
    public static final int DEFAULT_DEG_MAX = 15;
    public static final int DEFAULT_T_MAX = 10;
    public static final int DEFAULT_HOP_LIMIT = 1_000;
    public static final long DEFAULT_CYCLE_PERIOD_MILLIS = 1_000;
    public static final long DEFAULT_ROUND_TIMEOUT_MILLIS = 500;

    public HygraParameters {
        if (degMin < 1) {
            throw new IllegalArgumentException("degmin must be at least 1, was " + degMin);
        }
        if (degMin >= degMax) {
            throw new IllegalArgumentException("degmin must be below degmax; degmin was " + degMin + ", degmax " + degMax);
        }
        if (tMax < 0) {
            throw new IllegalArgumentException("Tmax must be >= 0 (0 turns annealing off), was " + tMax);
        }
        if (hopLimit < 1) {
            throw new IllegalArgumentException("hop limit must be at least 1, was " + hopLimit);
        }
        if (heuristic == null || deadEnd == null || identity == null || placement == null || hole == null) {
            throw new IllegalArgumentException("heuristic, dead-end strategy, visit identity, placement and hole policy are required");
        }
        if (cyclePeriodMillis < 0 || roundTimeoutMillis < 1) {
            throw new IllegalArgumentException("cycle period must be >= 0 and round timeout >= 1 ms, were "
                    + cyclePeriodMillis + " and " + roundTimeoutMillis);
        }
    }

    /** The paper's set-up: degmin 8, degmax 15, MaxFree, Backtracking, ByID, allocate at the first host. */
    public static HygraParameters paperDefaults() {
        return new HygraParameters(DEFAULT_DEG_MIN, DEFAULT_DEG_MAX, DEFAULT_T_MAX, DEFAULT_HOP_LIMIT,
                Heuristic.MAX_FREE, DeadEndStrategy.BACKTRACKING, VisitIdentity.BY_ID, Placement.FIRST_FIT, HoleInHistory.FAIL,
                DEFAULT_CYCLE_PERIOD_MILLIS, DEFAULT_ROUND_TIMEOUT_MILLIS);
    }

    public HygraParameters withDegrees(int min, int max) {
        return new HygraParameters(min, max, tMax, hopLimit, heuristic, deadEnd, identity, placement, hole,
                cyclePeriodMillis, roundTimeoutMillis);
    }

    public HygraParameters withTMax(int t) {
        return new HygraParameters(degMin, degMax, t, hopLimit, heuristic, deadEnd, identity, placement, hole,
                cyclePeriodMillis, roundTimeoutMillis);
    }

    public HygraParameters withHopLimit(int hops) {
        return new HygraParameters(degMin, degMax, tMax, hops, heuristic, deadEnd, identity, placement, hole,
                cyclePeriodMillis, roundTimeoutMillis);
    }

    public HygraParameters withSearch(Heuristic h, DeadEndStrategy d, VisitIdentity v, Placement p) {
        return new HygraParameters(degMin, degMax, tMax, hopLimit, h, d, v, p, hole, cyclePeriodMillis,
                roundTimeoutMillis);
    }

    public HygraParameters withHole(HoleInHistory policy) {
        return new HygraParameters(degMin, degMax, tMax, hopLimit, heuristic, deadEnd, identity, placement, policy,
                cyclePeriodMillis, roundTimeoutMillis);
    }

    public HygraParameters withCyclePeriod(long millis) {
        return new HygraParameters(degMin, degMax, tMax, hopLimit, heuristic, deadEnd, identity, placement, hole, millis,
                roundTimeoutMillis);
    }
}
