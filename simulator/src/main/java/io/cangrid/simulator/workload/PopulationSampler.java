package io.cangrid.simulator.workload;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.scenario.NodeClass;
import io.cangrid.simulator.scenario.NodePopulation;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Draws node capabilities (cpu, memory MiB, disk GiB, and cores where machines differ in cores) from a
 * scenario's population. The cores are drawn last, and only when they vary, so a one-core population draws
 * exactly what it drew before cores existed.
 */
final class PopulationSampler {

    private final NodePopulation population;
    private final SkewedLevels[] levels = new SkewedLevels[3];
    private final SkewedLevels cores;

    PopulationSampler(NodePopulation population) {
        this.population = population;
        for (int d = 0; d < levels.length; d++) {
            levels[d] = new SkewedLevels(population.levels(d), population.skew());
        }
        this.cores = new SkewedLevels(population.coresLevels(), population.skew());
    }

    /** Mean cores of a drawn machine. */
    double meanCores() {
        return cores.mean();
    }

    Capabilities draw(RandomGenerator random) {
        if (population.kind() == NodePopulation.Kind.CLUSTERED) {
            NodeClass c = drawClass(population.classes(), random);
            return withCores(new double[] {c.cpu(), c.memoryMib(), c.diskGib()}, random);
        }
        return withCores(new double[] {levels[0].draw(random), levels[1].draw(random), levels[2].draw(random)},
                random);
    }

    private Capabilities withCores(double[] values, RandomGenerator random) {
        if (!population.multicore()) {
            return new Capabilities(values);
        }
        double[] more = java.util.Arrays.copyOf(values, values.length + 1);
        more[values.length] = cores.draw(random);
        return new Capabilities(more);
    }

    private static NodeClass drawClass(List<NodeClass> classes, RandomGenerator random) {
        double u = random.nextDouble();
        double cumulative = 0;
        for (NodeClass c : classes) {
            cumulative += c.fraction();
            if (u < cumulative) {
                return c;
            }
        }
        // Fractions sum to 1 within rounding; the last class takes what rounding leaves.
        return classes.get(classes.size() - 1);
    }
}
