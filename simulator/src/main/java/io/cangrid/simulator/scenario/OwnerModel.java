package io.cangrid.simulator.scenario;

/**
 * Machines whose owners come back: each node alternates between periods in which its owner leaves it to
 * the grid and periods in which the owner uses it, both exponentially distributed with the given means and
 * drawn from the scenario's seed. While the owner is active the node suspends its jobs and takes none; a job
 * suspended for longer than {@code maxSuspensionMillis} is vacated and matched elsewhere, as on a live node.
 *
 * @param enabled false: machines are the grid's all the time (the papers' model)
 * @param pollMillis how often a node looks at its owner, as a live node polls its activity sources
 */
public record OwnerModel(boolean enabled, long meanAvailableMillis, long meanActiveMillis, long maxSuspensionMillis,
        long pollMillis) {

    /** Owners who never come back: the machines are the grid's all the time. */
    public static final OwnerModel NONE = new OwnerModel(false, 1, 1, 0, 1);

    public OwnerModel {
        if (meanAvailableMillis < 1 || meanActiveMillis < 1 || maxSuspensionMillis < 0 || pollMillis < 1) {
            throw new IllegalArgumentException("owner periods and the poll period must be positive, the maximum"
                    + " suspension zero or more");
        }
    }

    /** The share of time an owner leaves the machine to the grid, in the long run. */
    public double availableFraction() {
        return (double) meanAvailableMillis / (meanAvailableMillis + meanActiveMillis);
    }
}
