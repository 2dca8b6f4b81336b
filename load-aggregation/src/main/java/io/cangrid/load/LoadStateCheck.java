package io.cangrid.load;

import io.cangrid.can.ExtensionCheck;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NodeZones;
import io.cangrid.jobs.JobLoad;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.Message;

/**
 * The door of CAN-P's extension: a neighbour's {@link LoadState} is read (Eq. 1–2 over it, every period, in
 * a timer) only when every value in it is one a correct node publishes. The overlay refuses a record that
 * fails, keeps the sender's last good one, and counts the refusal (see {@code CanNode#setExtensionCheck}).
 *
 * <ul>
 *   <li>the node's own load: a queue length of zero or more, a finite backlog of zero or more seconds, free
 *       cores from 0 to {@link JobSpec#MAX_CORES}, free memory finite and zero or more (-1: not accounted);</li>
 *   <li>one zone load per zone the sender claims, at most: the publisher computes them from the same
 *       zones, in the same instant, as the claim beside them;</li>
 *   <li>each zone load: a zone of this space, a share of its node's cores in [0, {@link JobSpec#MAX_CORES}]
 *       (a node counts once, split among its zones by volume), a finite queue share of zero or more, and for each of the space's
 *       dimensions exactly one aggregate of each measure, finite, zero or more and at most
 *       {@link #MAX_AGGREGATE}.</li>
 *   <li>loads per category, where present: 1 to {@link CategoryLoads#MAX_CATEGORIES} distinct names in
 *       order, each of 1 to {@link CategoryLoads#MAX_NAME_CHARS} characters, and for each one share of each
 *       measure and one aggregate per dimension, bounded as the totals are.</li>
 * </ul>
 */
public final class LoadStateCheck implements ExtensionCheck {

    public static final LoadStateCheck INSTANCE = new LoadStateCheck();

    /**
     * The largest aggregate a correct node publishes: the nodes or queued jobs of a whole grid, far beyond a
     * billion of either. Unbounded, a peer's value near {@code Double.MAX_VALUE} would turn into infinity in
     * the sums of the nodes below it, whose own loads would then be refused by their neighbours in turn.
     */
    public static final double MAX_AGGREGATE = 1e15;

    private LoadStateCheck() {
    }

    @Override
    public String problem(Message extension, NodeZones sender, int dimensions) {
        if (extension == null) {
            // A node that publishes no loads (yet) is read as idle and as having nothing above it.
            return null;
        }
        if (extension instanceof JobLoad own) {
            return jobLoadProblem(own);
        }
        if (!(extension instanceof LoadState state)) {
            return "a " + extension.getClass().getSimpleName() + " where load aggregates belong";
        }
        String own = state.own() == null ? "no own load" : jobLoadProblem(state.own());
        if (own != null) {
            return own;
        }
        ZoneLoad[] zones = state.zones();
        if (zones == null || zones.length > sender.zones().length) {
            return (zones == null ? "no" : zones.length) + " zone loads for a claim of " + sender.zones().length + " zone(s)";
        }
        for (ZoneLoad z : zones) {
            String bad = zoneLoadProblem(z, dimensions);
            if (bad != null) {
                return bad;
            }
        }
        return null;
    }

    private static String jobLoadProblem(JobLoad load) {
        if (load.queueLength() < 0 || !(load.backlogSeconds() >= 0) || !Double.isFinite(load.backlogSeconds())) {
            return "a queue of " + load.queueLength() + " with " + load.backlogSeconds() + " s of backlog";
        }
        if (load.freeCores() < 0 || load.freeCores() > JobSpec.MAX_CORES || !Double.isFinite(load.freeMemoryMiB())
                || !(load.freeMemoryMiB() >= 0 || load.freeMemoryMiB() == -1)) {
            return load.freeCores() + " free cores and " + load.freeMemoryMiB() + " MiB of free memory";
        }
        return null;
    }

    private static String zoneLoadProblem(ZoneLoad z, int dims) {
        if (z == null) {
            return "a missing zone load";
        }
        Zone zone = z.zone();
        if (zone == null || zone.dimensions() != dims) {
            return "a zone load of " + (zone == null ? "no zone" : zone.dimensions() + " dimension(s)");
        }
        if (!(z.nodes() >= 0 && z.nodes() <= JobSpec.MAX_CORES) || !count(z.queued())) {
            return "a zone share of " + z.nodes() + " node(s) and " + z.queued() + " queued";
        }
        if (!aggregates(z.nodesAbove(), dims) || !aggregates(z.queuedAbove(), dims)) {
            return "aggregates that are not " + dims + " finite counts";
        }
        return z.categories() == null ? null : categoriesProblem(z.categories(), dims);
    }

    /** What is wrong with loads per category: their names, or counts that do not fit them. */
    private static String categoriesProblem(CategoryLoads c, int dims) {
        String[] names = c.names();
        if (names == null || names.length == 0 || names.length > CategoryLoads.MAX_CATEGORIES) {
            return "loads of " + (names == null ? "no" : names.length) + " categories (1 to "
                    + CategoryLoads.MAX_CATEGORIES + ")";
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i] == null || names[i].isEmpty() || names[i].length() > CategoryLoads.MAX_NAME_CHARS
                    || (i > 0 && names[i - 1].compareTo(names[i]) >= 0)) {
                return "category names that are not distinct, sorted names of 1 to " + CategoryLoads.MAX_NAME_CHARS
                        + " characters";
            }
        }
        int k = names.length;
        if (!aggregates(c.nodes(), k) || !aggregates(c.queued(), k) || !aggregates(c.nodesAbove(), dims * k)
                || !aggregates(c.queuedAbove(), dims * k)) {
            return "loads of " + k + " categories that are not " + k + " and " + dims * k + " finite counts";
        }
        return null;
    }

    private static boolean aggregates(double[] values, int dims) {
        if (values == null || values.length != dims) {
            return false;
        }
        for (double v : values) {
            if (!count(v)) {
                return false;
            }
        }
        return true;
    }

    /** A finite count, zero or more, at most {@link #MAX_AGGREGATE} (NaN fails every comparison). */
    private static boolean count(double v) {
        return v >= 0 && v <= MAX_AGGREGATE;
    }
}
