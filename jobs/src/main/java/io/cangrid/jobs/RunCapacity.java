package io.cangrid.jobs;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;

/**
 * What a run node lends its jobs at once: its cores, and the memory they may reserve. A job takes its
 * cores ({@link JobSpec#cores()}) and reserves the memory it asks as a minimum while it runs; a node runs as
 * many jobs at once as fit ({@link RunQueue}).
 *
 * @param cores at least 1
 * @param memoryMiB 0 when memory is not accounted (a schema without a memory dimension)
 * @param memoryDimension the schema's memory dimension, -1 when it has none
 */
public record RunCapacity(int cores, double memoryMiB, int memoryDimension) {

    public RunCapacity {
        if (cores < 1 || cores > JobSpec.MAX_CORES) {
            throw new IllegalArgumentException("a node lends 1 to " + JobSpec.MAX_CORES + " cores, not " + cores);
        }
        if (!(memoryMiB >= 0) || Double.isInfinite(memoryMiB)) {
            throw new IllegalArgumentException("memory must be a finite number of MiB >= 0, was " + memoryMiB);
        }
    }

    /**
     * A node of {@code capabilities} lending {@code cores}: its memory dimension, where the schema has one, is
     * what its jobs may reserve; its cores dimension, where the schema has one, overrides {@code cores}.
     */
    public static RunCapacity of(ResourceSchema schema, Capabilities capabilities, int cores) {
        int memory = schema.indexOf(ResourceSchema.MEMORY);
        int coresDimension = schema.indexOf(ResourceSchema.CORES);
        // Where cores are a dimension of the space, the node's point says how many it lends.
        int lent = coresDimension < 0 ? cores : Math.max(1, (int) capabilities.get(coresDimension));
        return new RunCapacity(lent, memory < 0 ? 0 : capabilities.get(memory), memory);
    }

    /** One core, memory not accounted: a node that runs one job at a time. */
    public static RunCapacity oneCore() {
        return new RunCapacity(1, 0, -1);
    }

    /** The memory (MiB) {@code job} asks as a minimum, which it reserves while it runs. */
    RunQueue.MemoryDemand memoryDemand() {
        int dimension = memoryDimension;
        return job -> dimension < 0 || dimension >= job.requirements().size() ? 0
                : job.requirements().get(dimension);
    }
}
