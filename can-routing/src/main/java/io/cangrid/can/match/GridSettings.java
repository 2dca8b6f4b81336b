package io.cangrid.can.match;

import io.cangrid.can.CanConfig;
import io.cangrid.jobs.ExecutionFactory;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Objects;

/**
 * What every node of one CAN grid shares: overlay and job timing, the resource schema, the locator, where
 * job events go, how jobs execute, and the cores each node lends its jobs.
 */
public record GridSettings(CanConfig can, JobConfig jobs, ResourceSchema schema,
        LocatorFactory<? super CanOverlay> locators, JobEvents events, ExecutionFactory executions, int cores) {

    public GridSettings {
        Objects.requireNonNull(can, "can");
        Objects.requireNonNull(locators, "locators");
        node(jobs, schema, events, executions, cores);
    }

    /** Nodes of one core each. */
    public GridSettings(CanConfig can, JobConfig jobs, ResourceSchema schema,
            LocatorFactory<? super CanOverlay> locators, JobEvents events, ExecutionFactory executions) {
        this(can, jobs, schema, locators, events, executions, 1);
    }

    /** A CAN grid whose nodes share {@code node}. */
    public static GridSettings of(CanConfig can, JobNodeSettings node, LocatorFactory<? super CanOverlay> locators) {
        return new GridSettings(can, node.jobs(), node.schema(), locators, node.events(), node.executions(),
                node.cores());
    }

    private static JobNodeSettings node(JobConfig jobs, ResourceSchema schema, JobEvents events,
            ExecutionFactory executions, int cores) {
        return new JobNodeSettings(jobs, schema, events, executions, cores);
    }

    /** Settings whose jobs only let simulated time pass. */
    public static GridSettings simulated(CanConfig can, JobConfig jobs, ResourceSchema schema,
            LocatorFactory<? super CanOverlay> locators, JobEvents events) {
        return new GridSettings(can, jobs, schema, locators, events, ExecutionFactory.simulated());
    }

    /** The overlay-independent part, as the kernel's job node takes it. */
    public JobNodeSettings node() {
        return node(jobs, schema, events, executions, cores);
    }
}
