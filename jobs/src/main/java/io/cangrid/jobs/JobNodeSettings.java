package io.cangrid.jobs;

import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Objects;

/** What every job node of one grid shares, whatever its overlay: job timing, schema, events, execution. */
public record JobNodeSettings(JobConfig jobs, ResourceSchema schema, JobEvents events, ExecutionFactory executions) {

    public JobNodeSettings {
        Objects.requireNonNull(jobs, "jobs");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(executions, "executions");
    }
}
