package io.cangrid.simulator.run;

import io.cangrid.jobs.MachineAd;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.resource.Capabilities;
import java.util.Map;

/**
 * What a run measured besides the per-job events: the grid's size, the messages and simulation events it
 * took, and the simulated interval the workload occupied ({@code workloadStartMillis} is when the first
 * arrival's clock starts; job event times are absolute simulated times).
 *
 * @param jobsUnfinished jobs whose client never learned a final state before the drain limit
 * @param capabilities   what each node that was ever part of the grid offered, so that reports can say what
 *                       kind of machine ran a job; empty when the runtime does not say
 * @param machines       the ad each node published, for the nodes that published one (empty: none did)
 */
public record RunStats(int initialNodes, long messagesSent, long events, long workloadStartMillis,
        long endMillis, int jobsUnfinished, double wallSeconds, Map<NodeId, Capabilities> capabilities,
        Map<NodeId, MachineAd> machines) {

    public RunStats {
        capabilities = Map.copyOf(capabilities);
        machines = Map.copyOf(machines);
    }

    /** Stats of a run whose nodes published no ads. */
    public RunStats(int initialNodes, long messagesSent, long events, long workloadStartMillis, long endMillis,
            int jobsUnfinished, double wallSeconds, Map<NodeId, Capabilities> capabilities) {
        this(initialNodes, messagesSent, events, workloadStartMillis, endMillis, jobsUnfinished, wallSeconds,
                capabilities, Map.of());
    }

    /** Stats of a runtime that does not report its nodes' capabilities. */
    public RunStats(int initialNodes, long messagesSent, long events, long workloadStartMillis, long endMillis,
            int jobsUnfinished, double wallSeconds) {
        this(initialNodes, messagesSent, events, workloadStartMillis, endMillis, jobsUnfinished, wallSeconds,
                Map.of());
    }
}
