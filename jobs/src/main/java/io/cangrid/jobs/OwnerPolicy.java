package io.cangrid.jobs;

import java.util.Objects;

/**
 * How a desktop node yields to its machine's owner: {@code presence} says when the owner is active, asked
 * every {@code pollMillis}; while they are, running jobs are suspended and no job starts; a job suspended for
 * longer than {@code maxSuspensionMillis} is vacated: stopped and given back to its owner to be matched
 * elsewhere, neither lost nor counted as a failed run.
 */
public record OwnerPolicy(OwnerPresence presence, long pollMillis, long maxSuspensionMillis, String describe) {

    /** BOINC's and HTCondor's agents leave a suspended job this long before giving it up. */
    public static final long DEFAULT_MAX_SUSPENSION_MILLIS = 10 * 60_000;

    public OwnerPolicy {
        Objects.requireNonNull(presence, "presence");
        if (pollMillis < 1) {
            throw new IllegalArgumentException("the owner's activity is polled at least every millisecond, not every "
                    + pollMillis);
        }
        if (maxSuspensionMillis < 0) {
            throw new IllegalArgumentException("a maximum suspension cannot be negative: " + maxSuspensionMillis + " ms");
        }
    }
}
