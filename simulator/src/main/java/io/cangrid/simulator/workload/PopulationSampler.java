package io.cangrid.simulator.workload;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.scenario.NodeClass;
import io.cangrid.simulator.scenario.NodePopulation;
import java.util.List;
import java.util.random.RandomGenerator;

/** Draws node capabilities (cpu, memory MiB, disk GiB) from a scenario's population. */
final class PopulationSampler {

    private final NodePopulation population;
    private final SkewedLevels[] levels = new SkewedLevels[3];

    PopulationSampler(NodePopulation population) {
        this.population = population;
        for (int d = 0; d < levels.length; d++) {
            levels[d] = new SkewedLevels(population.levels(d), population.skew());
        }
    }

    Capabilities draw(RandomGenerator random) {
        if (population.kind() == NodePopulation.Kind.CLUSTERED) {
            NodeClass c = drawClass(population.classes(), random);
            return new Capabilities(c.cpu(), c.memoryMib(), c.diskGib());
        }
        return new Capabilities(levels[0].draw(random), levels[1].draw(random), levels[2].draw(random));
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
