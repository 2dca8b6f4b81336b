package io.cangrid.jobs;

import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Objects;

/**
 * What every job node of one grid (or the one node of a live process) shares, whatever its overlay: job
 * timing, schema, events, execution, and the cores each node lends its jobs.
 */
public record JobNodeSettings(JobConfig jobs, ResourceSchema schema, JobEvents events, ExecutionFactory executions,
        int cores) {

    public JobNodeSettings {
        Objects.requireNonNull(jobs, "jobs");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(executions, "executions");
        if (cores < 1 || cores > JobSpec.MAX_CORES) {
            throw new IllegalArgumentException("a node lends 1 to " + JobSpec.MAX_CORES + " cores, not " + cores);
        }
    }

    /** Nodes of one core each: one job at a time. */
    public JobNodeSettings(JobConfig jobs, ResourceSchema schema, JobEvents events, ExecutionFactory executions) {
        this(jobs, schema, events, executions, 1);
    }
}
