package io.cangrid.jobs;

import io.cangrid.overlay.NodeContext;

/** Creates a node's execution, given its context and cpu speed: simulated time, or real processes. */
@FunctionalInterface
public interface ExecutionFactory {

    Execution create(NodeContext ctx, double cpuSpeed);

    /** Jobs only let simulated time pass. */
    static ExecutionFactory simulated() {
        return SimulatedExecution::new;
    }
}
