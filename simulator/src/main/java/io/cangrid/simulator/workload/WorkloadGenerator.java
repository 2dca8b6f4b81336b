package io.cangrid.simulator.workload;

import io.cangrid.jobs.JobExpressions;
import io.cangrid.simulator.scenario.Platform;
import io.cangrid.simulator.scenario.Platforms;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.SplitMix64;
import io.cangrid.simulator.scenario.ChurnVariant;
import io.cangrid.simulator.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the workload of one load level and churn variant from the scenario alone, so every locator runs
 * exactly the same grid, jobs and churn.
 *
 * <p>Each part draws from its own stream of the scenario seed: the nodes and the job specs are the same at
 * every load level, and the arrivals differ between levels only by their time scale (the same unit
 * exponential gaps divided by lambda). Comparisons across levels thus see the same jobs, only denser.
 */
public final class WorkloadGenerator {

    private static final long NODES_STREAM = 1;
    private static final long JOBS_STREAM = 2;
    private static final long ARRIVALS_STREAM = 3;
    private static final long JOB_PLATFORMS_STREAM = 4;
    private static final long NODE_PLATFORMS_STREAM = 5;
    private static final long CHURN_STREAM = 16;

    private final Scenario scenario;
    private final PopulationSampler population;
    private final JobSampler jobs;
    private final List<Capabilities> nodes;
    private final List<JobSpec> specs;
    private final double[] unitGaps;
    private final ResourceSchema schema;

    public WorkloadGenerator(Scenario scenario) {
        this.scenario = scenario;
        this.schema = schemaOf(scenario);
        this.population = new PopulationSampler(scenario.population());
        this.jobs = new JobSampler(scenario.jobs(), scenario.population(), schema);
        this.nodes = drawNodes();
        this.specs = drawSpecs();
        this.unitGaps = drawUnitGaps();
    }

    private List<Capabilities> drawNodes() {
        SplitMix64 random = new SplitMix64(SplitMix64.derive(scenario.seed(), NODES_STREAM));
        List<Capabilities> result = new ArrayList<>(scenario.nodes());
        for (int i = 0; i < scenario.nodes(); i++) {
            result.add(population.draw(random));
        }
        return result;
    }

    private List<JobSpec> drawSpecs() {
        SplitMix64 random = new SplitMix64(SplitMix64.derive(scenario.seed(), JOBS_STREAM));
        List<JobSpec> result = new ArrayList<>(scenario.jobs().perLevel());
        for (int i = 0; i < scenario.jobs().perLevel(); i++) {
            result.add(jobs.draw(random));
        }
        Platforms platforms = scenario.platforms();
        if (platforms.jobConstraint() > 0) {
            // Their own stream: the jobs' minimums and work are those the scenario draws without platforms.
            SplitMix64 forPlatforms = new SplitMix64(SplitMix64.derive(scenario.seed(), JOB_PLATFORMS_STREAM));
            for (int i = 0; i < result.size(); i++) {
                boolean constrained = forPlatforms.nextDouble() < platforms.jobConstraint();
                Platform p = platforms.pick(forPlatforms.nextDouble());
                boolean withArch = forPlatforms.nextDouble() < 0.5;
                if (constrained) {
                    result.set(i, result.get(i).withExpressions(new JobExpressions(p.requirement(withArch), null),
                            schema));
                }
            }
        }
        return result;
    }

    private double[] drawUnitGaps() {
        SplitMix64 random = new SplitMix64(SplitMix64.derive(scenario.seed(), ARRIVALS_STREAM));
        double[] gaps = new double[scenario.jobs().perLevel()];
        for (int i = 0; i < gaps.length; i++) {
            gaps[i] = -Math.log(1.0 - random.nextDouble());
        }
        return gaps;
    }

    /**
     * The papers' three dimensions, or with cores as a fourth where machines or jobs differ in cores: a
     * one-core grid's space, and so its results, stay exactly as they were.
     */
    public static ResourceSchema schemaOf(Scenario scenario) {
        boolean cores = scenario.population().multicore() || scenario.jobs().multicore();
        return cores ? ResourceSchema.defaultSchema().withCores() : ResourceSchema.defaultSchema();
    }

    /** The initial nodes' cpu speeds, each times its cores: core-seconds per second at cpu 1.0. */
    public double totalCpu() {
        int coresDimension = schema.indexOf(ResourceSchema.CORES);
        double sum = 0;
        for (Capabilities c : nodes) {
            sum += coresDimension < 0 ? c.get(0) : c.get(0) * c.get(coresDimension);
        }
        return sum;
    }

    /** E[work x cores] in seconds on a cpu = 1.0 node, from the job mix's distribution (not from the sample). */
    public double meanWorkSeconds() {
        double cores = jobs.meanCores();
        return cores == 1 ? jobs.meanWorkSeconds() : jobs.meanWorkSeconds() * cores;
    }

    /** Jobs per second that offer load {@code rho} to this grid (see {@link OfferedLoad}). */
    public double arrivalRate(double rho) {
        return OfferedLoad.arrivalRate(rho, totalCpu(), meanWorkSeconds());
    }

    public Workload generate(double rho, ChurnVariant variant) {
        double meanGapMillis = 1000.0 / arrivalRate(rho);
        List<JobArrival> arrivals = new ArrayList<>(specs.size());
        double t = 0;
        for (int i = 0; i < specs.size(); i++) {
            t += unitGaps[i] * meanGapMillis;
            arrivals.add(new JobArrival(Math.round(t), specs.get(i)));
        }
        long window = arrivals.get(arrivals.size() - 1).atMillis();
        SplitMix64 churnRandom = new SplitMix64(SplitMix64.derive(scenario.seed(), CHURN_STREAM + variant.index()));
        List<ChurnEvent> churn = ChurnGenerator.generate(scenario.churn(), variant, nodes.size(), window, population,
                churnRandom);
        NodePlatforms platforms = new NodePlatforms(scenario.platforms(),
                SplitMix64.derive(scenario.seed(), NODE_PLATFORMS_STREAM));
        return new Workload(schema, nodes, arrivals, churn, platforms);
    }
}
