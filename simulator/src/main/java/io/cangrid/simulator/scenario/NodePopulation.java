package io.cangrid.simulator.scenario;

import java.util.List;
import java.util.Objects;

/**
 * What machines the grid is made of (design.md §9). Mixed: every node draws a level per resource
 * independently, {@code P(level k) ∝ skew^k}. Clustered: every node is one of a few identical classes.
 *
 * @param cpuLevels cpu speeds relative to the baseline node, ascending
 * @param memoryLevelsMib ascending
 * @param diskLevelsGib ascending
 * @param classes the machine classes of a clustered population (ignored when mixed)
 * @param coresLevels the cores a machine may have, ascending, drawn with the same skew as the other
 *        resources (both kinds); {@code [1]}, the papers' grid, leaves cores out of the space
 */
public record NodePopulation(Kind kind, double skew, List<Double> cpuLevels, List<Double> memoryLevelsMib,
        List<Double> diskLevelsGib, List<NodeClass> classes, List<Double> coresLevels) {

    public enum Kind { MIXED, CLUSTERED }

    public NodePopulation {
        Objects.requireNonNull(kind, "kind");
        cpuLevels = List.copyOf(cpuLevels);
        memoryLevelsMib = List.copyOf(memoryLevelsMib);
        diskLevelsGib = List.copyOf(diskLevelsGib);
        classes = List.copyOf(classes);
        coresLevels = List.copyOf(coresLevels);
        for (double c : coresLevels) {
            if (c < 1 || c > io.cangrid.jobs.JobSpec.MAX_CORES || c != Math.rint(c)) {
                throw new IllegalArgumentException("cores levels are whole numbers from 1 to "
                        + io.cangrid.jobs.JobSpec.MAX_CORES + ", not " + c);
            }
        }
        if (coresLevels.isEmpty()) {
            throw new IllegalArgumentException("cores need at least one level");
        }
        if (!(skew > 0) || skew > 1) {
            throw new IllegalArgumentException("skew must be in (0, 1], was " + skew);
        }
        if (cpuLevels.isEmpty() || memoryLevelsMib.isEmpty() || diskLevelsGib.isEmpty()) {
            throw new IllegalArgumentException("every resource needs at least one level");
        }
        if (kind == Kind.CLUSTERED && classes.isEmpty()) {
            throw new IllegalArgumentException("a clustered population needs at least one class");
        }
    }

    /** Whether machines differ in cores: the space then has a cores dimension. */
    public boolean multicore() {
        return coresLevels.size() > 1 || coresLevels.get(0) > 1;
    }

    /** The levels of resource {@code dimension} (0 cpu, 1 memory, 2 disk) of a mixed population. */
    public List<Double> levels(int dimension) {
        switch (dimension) {
            case 0:
                return cpuLevels;
            case 1:
                return memoryLevelsMib;
            case 2:
                return diskLevelsGib;
            default:
                throw new IllegalArgumentException("the population has three resources, not " + (dimension + 1));
        }
    }
}
