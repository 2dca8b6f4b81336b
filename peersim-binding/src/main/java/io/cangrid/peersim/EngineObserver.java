package io.cangrid.peersim;

import io.cangrid.simulator.report.SummaryJson;
import peersim.core.Control;

/**
 * Prints what the engine run measured (schedule it FINAL): events and events per second of wall time from
 * the end of the initialiser to the end of the run, as JSON.
 */
public final class EngineObserver implements Control {

    /** The figures, named as {@code cangrid bench engine --json} names them. */
    record Result(int nodes, long events, double wallSeconds, double eventsPerSecond) {
    }

    private static long startNanos;
    private static int nodes;

    public EngineObserver(String prefix) {
        // No parameters: the result goes to standard output.
    }

    static void started(int population) {
        nodes = population;
        startNanos = System.nanoTime();
    }

    @Override
    public boolean execute() {
        double wall = (System.nanoTime() - startNanos) / 1e9;
        long events = PeerSimSession.runtime().eventsProcessed();
        System.out.println(SummaryJson.toJson(new Result(nodes, events, wall, events / wall)));
        System.out.flush();
        return false;
    }
}
