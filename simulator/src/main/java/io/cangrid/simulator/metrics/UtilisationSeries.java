package io.cangrid.simulator.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * The number of busy cores (held by running jobs) as a step function of simulated time, read as a fraction
 * of the initial nodes' cores; on one-core nodes, busy nodes of the grid's initial size. Nodes that join later can push the fraction above what the initial grid could reach; departures
 * lower the ceiling. Both are rare enough in the scenarios that one fixed denominator reads best.
 */
public final class UtilisationSeries {

    /** One point of a sampled series: the bucket's start in seconds since the workload began, its mean fraction. */
    public record Sample(double seconds, double busyFraction) {
    }

    private final long[] times;
    private final int[] busy;
    private final int nodes;

    /**
     * @param times step times, ascending
     * @param busy busy nodes from {@code times[i]} on (0 before the first step)
     */
    UtilisationSeries(long[] times, int[] busy, int nodes) {
        this.times = times.clone();
        this.busy = busy.clone();
        this.nodes = Math.max(1, nodes);
    }

    public static UtilisationSeries idle(int nodes) {
        return new UtilisationSeries(new long[0], new int[0], nodes);
    }

    /** Time-weighted mean busy fraction over {@code [from, to)}; 0 for an empty interval. */
    public double meanBusyFraction(long from, long to) {
        if (to <= from) {
            return 0;
        }
        double busyTime = 0;
        int current = 0;
        long cursor = from;
        for (int i = 0; i < times.length && times[i] < to; i++) {
            if (times[i] > cursor) {
                busyTime += (double) current * (times[i] - cursor);
                cursor = times[i];
            }
            current = busy[i];
        }
        busyTime += (double) current * (to - cursor);
        return busyTime / ((double) nodes * (to - from));
    }

    /** {@code buckets} equal intervals of {@code [from, to)}, each with its mean busy fraction. */
    public List<Sample> sample(long from, long to, int buckets) {
        List<Sample> samples = new ArrayList<>(buckets);
        if (to <= from || buckets < 1) {
            return samples;
        }
        double width = (double) (to - from) / buckets;
        for (int b = 0; b < buckets; b++) {
            long start = from + Math.round(b * width);
            long end = from + Math.round((b + 1) * width);
            samples.add(new Sample((start - from) / 1000.0, meanBusyFraction(start, end)));
        }
        return samples;
    }
}
