package io.cangrid.simulator.workload;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;
import java.util.Objects;

/**
 * Everything one run of one load level is made of, generated before the run so that every locator sees
 * exactly the same grid, jobs and churn: the schema, the initial nodes' capabilities, the job arrivals in
 * time order, the churn events in time order, and the platforms of the nodes (none: they publish no ads).
 */
public record Workload(ResourceSchema schema, List<Capabilities> nodes, List<JobArrival> jobs,
        List<ChurnEvent> churn, NodePlatforms platforms) {

    /** A workload whose nodes publish no ads. */
    public Workload(ResourceSchema schema, List<Capabilities> nodes, List<JobArrival> jobs, List<ChurnEvent> churn) {
        this(schema, nodes, jobs, churn, NodePlatforms.NONE);
    }

    public Workload {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(platforms, "platforms");
        nodes = List.copyOf(nodes);
        jobs = List.copyOf(jobs);
        churn = List.copyOf(churn);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("a workload needs at least one node");
        }
        for (int i = 1; i < jobs.size(); i++) {
            if (jobs.get(i).atMillis() < jobs.get(i - 1).atMillis()) {
                throw new IllegalArgumentException("job arrivals must be in time order (job " + i + ")");
            }
        }
        for (int i = 1; i < churn.size(); i++) {
            if (churn.get(i).atMillis() < churn.get(i - 1).atMillis()) {
                throw new IllegalArgumentException("churn events must be in time order (event " + i + ")");
            }
        }
    }

    public double totalCpu() {
        double sum = 0;
        for (Capabilities c : nodes) {
            sum += c.get(0);
        }
        return sum;
    }

    /** The initial nodes' cores in all: their number when the space has no cores dimension. */
    public int totalCores() {
        int coresDimension = schema.indexOf(ResourceSchema.CORES);
        if (coresDimension < 0) {
            return nodes.size();
        }
        int sum = 0;
        for (Capabilities c : nodes) {
            sum += (int) c.get(coresDimension);
        }
        return sum;
    }
}
