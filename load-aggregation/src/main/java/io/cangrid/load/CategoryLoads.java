package io.cangrid.load;

import java.util.Arrays;
import java.util.Locale;

/**
 * A zone's load split by the operating system of the machines ({@code OpSys}, upper-cased: the category),
 * beside the totals of {@link ZoneLoad}. Eq. 1–2 are linear, so each category's count and queue aggregate
 * exactly as the totals do, over the same upper neighbours with the same weights; a job that requires an
 * operating system is then pushed by the load of the machines that can run it, and never toward a region
 * that has none. Published only where machines say their operating system: a grid whose nodes publish no
 * ads carries none, and its aggregates are the papers'.
 *
 * @param names       the categories, sorted, each at most {@link #MAX_NAME_CHARS} characters
 * @param nodes       the zone's share of the cores of its node, under its node's category (the others 0)
 * @param queued      the zone's share of the cores its node's held jobs take, likewise
 * @param nodesAbove  {@code AggrInfo_d} per category: entry {@code d * names.length + c}
 * @param queuedAbove the same for the queue
 */
public record CategoryLoads(String[] names, double[] nodes, double[] queued, double[] nodesAbove,
        double[] queuedAbove) {

    /** The attribute of a machine's ad whose value is its category. */
    public static final String ATTRIBUTE = "OpSys";
    /** More categories than this in one zone's load are refused as malformed. */
    public static final int MAX_CATEGORIES = 64;
    public static final int MAX_NAME_CHARS = 64;

    /** The category of a value of {@link #ATTRIBUTE}: strings compare without regard to case in an ad. */
    public static String categoryOf(String value) {
        return value == null ? null : value.toUpperCase(Locale.ROOT);
    }

    /** The index of {@code category} in {@link #names}, or a negative number when this zone has none of it. */
    public int index(String category) {
        return Arrays.binarySearch(names, category);
    }

    public int dimensions() {
        return names.length == 0 ? 0 : nodesAbove.length / names.length;
    }

    /** Machines of {@code category} at and above this zone in {@code d}: {@code Info + AggrInfo_d}. */
    public double nodesFrom(int d, String category) {
        int c = index(category);
        return c < 0 ? 0 : nodes[c] + nodesAbove[d * names.length + c];
    }

    /** Cores queued on machines of {@code category} at and above this zone in {@code d}. */
    public double queuedFrom(int d, String category) {
        int c = index(category);
        return c < 0 ? 0 : queued[c] + queuedAbove[d * names.length + c];
    }

    /** Machines of {@code category} above this zone in {@code d}: {@code AggrInfo_d}. */
    public double nodesAbove(int d, String category) {
        int c = index(category);
        return c < 0 ? 0 : nodesAbove[d * names.length + c];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CategoryLoads c && Arrays.equals(names, c.names) && Arrays.equals(nodes, c.nodes)
                && Arrays.equals(queued, c.queued) && Arrays.equals(nodesAbove, c.nodesAbove)
                && Arrays.equals(queuedAbove, c.queuedAbove);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(names) + Arrays.hashCode(nodesAbove);
    }

    @Override
    public String toString() {
        return "CategoryLoads" + Arrays.toString(names);
    }
}
