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
        int searchAttempts) {

    public static final int DEFAULT_SEARCH_ATTEMPTS = 3;

    public HygraGridConfig {
        if (updatePeriodMillis <= 0) {
            throw new IllegalArgumentException("update period must be positive, was " + updatePeriodMillis);
        }
        if (searchAttempts < 1) {
            throw new IllegalArgumentException("a job needs at least one search attempt, was " + searchAttempts);
        }
        if (parameters.cyclePeriodMillis() <= 0) {
            throw new IllegalArgumentException("a HYGRA grid node paces its own cycles: the cycle period must be"
                    + " positive, was " + parameters.cyclePeriodMillis());
        }
    }

    public static HygraGridConfig of(HygraParameters parameters, ResourceSchema schema, long updatePeriodMillis) {
        return new HygraGridConfig(parameters, new GridSpace(schema), updatePeriodMillis, DEFAULT_SEARCH_ATTEMPTS);
    }

    /**
     * How long the owner waits for a search's outcome before it counts the search as lost (a link that
     * died before anyone noticed): every move allowed, at a generous 200 ms each, and half a minute more.
     */
    public long searchTimeoutMillis() {
        return 30_000 + 200L * parameters.hopLimit();
    }
}
