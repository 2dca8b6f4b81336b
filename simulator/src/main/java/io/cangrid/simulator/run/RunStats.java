package io.cangrid.simulator.run;

/**
 * What a run measured besides the per-job events: the grid's size, the messages and simulation events it
 * took, and the simulated interval the workload occupied ({@code workloadStartMillis} is when the first
 * arrival's clock starts; job event times are absolute simulated times).
 *
 * @param jobsUnfinished jobs whose client never learned a final state before the drain limit
 */
public record RunStats(int initialNodes, long messagesSent, long events, long workloadStartMillis,
        long endMillis, int jobsUnfinished, double wallSeconds) {
}
