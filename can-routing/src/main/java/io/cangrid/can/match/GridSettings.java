package io.cangrid.can.match;

import io.cangrid.can.CanConfig;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.job.Execution;
import io.cangrid.overlay.job.JobConfig;
import io.cangrid.overlay.job.JobEvents;
import io.cangrid.overlay.job.SimulatedExecution;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Objects;

/**
 * What every node of one grid shares: overlay and job timing, the resource schema, the locator, where job
 * events go, and how jobs execute.
 */
public record GridSettings(CanConfig can, JobConfig jobs, ResourceSchema schema, LocatorFactory locators,
        JobEvents events, ExecutionFactory executions) {

    /** Creates a node's execution, given its context and cpu speed. */
    @FunctionalInterface
    public interface ExecutionFactory {
        Execution create(NodeContext ctx, double cpuSpeed);
    }

    public GridSettings {
        Objects.requireNonNull(can, "can");
        Objects.requireNonNull(jobs, "jobs");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(locators, "locators");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(executions, "executions");
    }

    /** Settings whose jobs only let simulated time pass. */
    public static GridSettings simulated(CanConfig can, JobConfig jobs, ResourceSchema schema,
            LocatorFactory locators, JobEvents events) {
        return new GridSettings(can, jobs, schema, locators, events, SimulatedExecution::new);
    }
}
