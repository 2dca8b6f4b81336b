package io.cangrid.simulator.workload;

import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.simulator.scenario.JobMix;
import io.cangrid.simulator.scenario.NodeClass;
import io.cangrid.simulator.scenario.NodePopulation;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * Draws jobs (design.md §9): each of cpu, memory and disk is constrained independently with the
 * mix's probability, to a value drawn from the population's levels with the population's skew (for a
 * clustered population, from the values its classes have); W is uniform over the mix's range of minutes.
 *
 * <p>Run time is W x baseline / node cpu, where the baseline is the job's cpu requirement or 1.0 when it
 * has none. {@link JobSpec#work()} is seconds on a cpu = 1.0 node, so the spec carries W x baseline.
 */
final class JobSampler {

    /** The baseline cpu of a job that states no cpu requirement: the baseline node of the schema. */
    static final double UNCONSTRAINED_BASELINE = 1.0;

    private final JobMix mix;
    private final SkewedLevels[] constraintLevels = new SkewedLevels[3];
    private final SkewedLevels cores;
    /** The grid's schema: with a cores dimension a job's cores are also its minimum there. */
    private final ResourceSchema schema;

    JobSampler(JobMix mix, NodePopulation population, ResourceSchema schema) {
        this.mix = mix;
        this.schema = schema;
        this.cores = new SkewedLevels(mix.coresLevels(), population.skew());
        for (int d = 0; d < constraintLevels.length; d++) {
            constraintLevels[d] = new SkewedLevels(constraintValues(population, d), population.skew());
        }
    }

    private static List<Double> constraintValues(NodePopulation population, int dimension) {
        if (population.kind() == NodePopulation.Kind.MIXED) {
            return population.levels(dimension);
        }
        TreeSet<Double> values = new TreeSet<>();
        for (NodeClass c : population.classes()) {
            values.add(dimension == 0 ? c.cpu() : dimension == 1 ? c.memoryMib() : c.diskGib());
        }
        return new ArrayList<>(values);
    }

    JobSpec draw(RandomGenerator random) {
        double[] minimums = new double[3];
        for (int d = 0; d < minimums.length; d++) {
            // Both draws are taken whether or not the resource ends up constrained, so that one job's
            // choices never shift the random stream of the jobs after it.
            boolean constrained = random.nextDouble() < mix.constraint().probability();
            double value = constraintLevels[d].draw(random);
            minimums[d] = constrained ? value : 0;
        }
        double minutes = mix.workMinMinutes() + random.nextDouble() * (mix.workMaxMinutes() - mix.workMinMinutes());
        double baseline = minimums[0] > 0 ? minimums[0] : UNCONSTRAINED_BASELINE;
        if (schema.realDimensions() == minimums.length) {
            return JobSpec.of(new Requirements(minimums), minutes * 60.0 * baseline);
        }
        // Drawn last, and only in a space with cores, so one-core scenarios draw what they always drew.
        int width = mix.multicore() ? (int) cores.draw(random) : 1;
        double[] withCores = java.util.Arrays.copyOf(minimums, schema.realDimensions());
        return JobSpec.of(new Requirements(withCores), minutes * 60.0 * baseline).withCores(schema, width);
    }

    /** E[cores] of a job. */
    double meanCores() {
        return mix.multicore() ? cores.mean() : 1;
    }

    /** E[W x baseline] in seconds: E[W] times the expected baseline, W and the requirements being independent. */
    double meanWorkSeconds() {
        double p = mix.constraint().probability();
        double meanBaseline = p * constraintLevels[0].mean() + (1 - p) * UNCONSTRAINED_BASELINE;
        return mix.meanWorkMinutes() * 60.0 * meanBaseline;
    }
}
