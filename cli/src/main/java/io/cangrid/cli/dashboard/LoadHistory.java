package io.cangrid.cli.dashboard;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Jobs waiting and running on the whole grid over the last hour, one sample per period, for the dashboard's
 * chart. A node's queue holds the job it runs and those waiting behind it, so a sample counts a node with a
 * non-empty queue as one job running and the rest of its queue as waiting. Thread-safe: the sampler adds,
 * HTTP requests read.
 */
final class LoadHistory {

    static final long SPAN_MILLIS = 3_600_000;

    /** One sample: when, how many nodes answered, jobs waiting and running. */
    record Sample(long at, int nodes, int waiting, int running) {
    }

    private final long periodMillis;
    private final int capacity;
    private final ArrayDeque<Sample> samples = new ArrayDeque<>();

    LoadHistory(long periodMillis) {
        this.periodMillis = periodMillis;
        this.capacity = (int) Math.max(1, SPAN_MILLIS / periodMillis);
    }

    /** The sample of one walk of the grid: {@code queueLengths} of every node that answered. */
    static Sample sample(long at, List<Integer> queueLengths) {
        int waiting = 0;
        int running = 0;
        for (int q : queueLengths) {
            if (q > 0) {
                running++;
                waiting += q - 1;
            }
        }
        return new Sample(at, queueLengths.size(), waiting, running);
    }

    synchronized void add(Sample s) {
        samples.addLast(s);
        while (samples.size() > capacity || s.at() - samples.peekFirst().at() > SPAN_MILLIS) {
            samples.removeFirst();
        }
    }

    /** The samples as columns (times in epoch seconds), the shape the page's chart library takes. */
    synchronized Map<String, Object> json() {
        List<Double> at = new ArrayList<>();
        List<Integer> nodes = new ArrayList<>();
        List<Integer> waiting = new ArrayList<>();
        List<Integer> running = new ArrayList<>();
        for (Sample s : samples) {
            at.add(s.at() / 1000.0);
            nodes.add(s.nodes());
            waiting.add(s.waiting());
            running.add(s.running());
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("periodMillis", periodMillis);
        out.put("at", at);
        out.put("nodes", nodes);
        out.put("waiting", waiting);
        out.put("running", running);
        return out;
    }
}
