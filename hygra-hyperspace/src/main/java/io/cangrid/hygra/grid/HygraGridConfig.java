package io.cangrid.hygra.grid;

import io.cangrid.hygra.protocol.HygraParameters;
import io.cangrid.overlay.resource.ResourceSchema;

/**
 * How a HYGRA grid carries the job life cycle.
 *
 * @param parameters HYGRA's own knobs (degrees, annealing, the search); its cycle period is the pace of
 *     Algorithm 2 on every node
 * @param updatePeriodMillis how often a node tells its links it is alive and what it published; a link
 *     silent for three periods is dropped
 * @param searchAttempts how many searches a job gets before the owner gives up on it (see
 *     {@link HygraLocator})
 */
public record HygraGridConfig(HygraParameters parameters, GridSpace space, long updatePeriodMillis,
        int searchAttempts, long searchTimeoutMillis) {

    public static final int DEFAULT_SEARCH_ATTEMPTS = 3;

    public HygraGridConfig {
        if (updatePeriodMillis <= 0) {
            throw new IllegalArgumentException("update period must be positive, was " + updatePeriodMillis);
        }
        if (searchTimeoutMillis <= 0) {
            throw new IllegalArgumentException("the search timeout must be positive, was " + searchTimeoutMillis + " ms");
        }
        if (searchAttempts < 1) {
            throw new IllegalArgumentException("a job needs at least one search attempt, was " + searchAttempts);
        }
        if (parameters.cyclePeriodMillis() <= 0) {
            throw new IllegalArgumentException("a HYGRA grid node paces its own cycles: the cycle period must be"
                    + " positive, was " + parameters.cyclePeriodMillis());
        }
    }

    public HygraGridConfig(HygraParameters parameters, GridSpace space, long updatePeriodMillis, int searchAttempts) {
        this(parameters, space, updatePeriodMillis, searchAttempts, defaultSearchTimeoutMillis(parameters));
    }

    public static HygraGridConfig of(HygraParameters parameters, ResourceSchema schema, long updatePeriodMillis) {
        return new HygraGridConfig(parameters, new GridSpace(schema), updatePeriodMillis, DEFAULT_SEARCH_ATTEMPTS);
    }

    /**
     * How long the owner waits by default for a search's outcome before it counts the search as lost (a
     * link that died before anyone noticed): every move allowed, at a generous 200 ms each, and half a
     * minute more, so that even the slowest simulated network never gives up a search that is still moving.
     */
    public static long defaultSearchTimeoutMillis(HygraParameters parameters) {
        return 30_000 + 200L * parameters.hopLimit();
    }

    /** The same grid with another search timeout: a live grid, whose moves take milliseconds, waits less. */
    public HygraGridConfig withSearchTimeout(long millis) {
        return new HygraGridConfig(parameters, space, updatePeriodMillis, searchAttempts, millis);
    }
}
