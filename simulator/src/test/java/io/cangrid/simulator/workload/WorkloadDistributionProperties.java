package io.cangrid.simulator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.scenario.ChurnVariant;
import io.cangrid.simulator.scenario.Scenario;
import io.cangrid.simulator.scenario.ScenarioFiles;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * The workload's distributions match the scenario, for random seeds. Each check allows about five standard
 * errors of its estimate; jqwik prints the seed of a failing try, and so do the assertion messages.
 */
class WorkloadDistributionProperties {

    private static final int JOBS = 6000;
    private static final ChurnVariant STATIC = new ChurnVariant(0, 0, 0);

    private static Workload workload(long seed, double rho, String constraint) {
        Scenario s = ScenarioFiles.base("nodes=1000", "jobs.per-level=" + JOBS, "seed=" + seed,
                "jobs.constraint=" + constraint);
        return new WorkloadGenerator(s).generate(rho, STATIC);
    }

    @Property(tries = 8)
    void eachResourceIsConstrainedWithTheMixProbability(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        for (String constraint : List.of("lightly", "heavily")) {
            double p = constraint.equals("lightly") ? 1.3 / 3 : 2.4 / 3;
            Workload w = workload(seed, 0.5, constraint);
            for (int d = 0; d < 3; d++) {
                int dimension = d;
                long constrained = w.jobs().stream().filter(a -> a.spec().requirements().constrains(dimension)).count();
                assertThat((double) constrained / JOBS).as("seed %d, %s, dimension %d", seed, constraint, d)
                        .isCloseTo(p, within(5 * Math.sqrt(p * (1 - p) / JOBS)));
            }
        }
    }

    @Property(tries = 8)
    void meanWorkMatchesFortyMinutesTimesTheMeanBaseline(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Scenario s = ScenarioFiles.base("nodes=100", "jobs.per-level=" + JOBS, "seed=" + seed);
        WorkloadGenerator generator = new WorkloadGenerator(s);
        double sum = 0;
        double unconstrainedMinutes = 0;
        int unconstrained = 0;
        for (JobArrival a : generator.generate(0.5, STATIC).jobs()) {
            sum += a.spec().work();
            if (!a.spec().requirements().constrains(0)) {
                unconstrainedMinutes += a.spec().work() / 60;
                unconstrained++;
            }
        }
        // W has sd 20/sqrt(3) minutes; the baseline spreads work further, by up to four times.
        assertThat(sum / JOBS).as("seed %d", seed).isCloseTo(generator.meanWorkSeconds(),
                within(0.04 * generator.meanWorkSeconds()));
        assertThat(unconstrainedMinutes / unconstrained).as("seed %d: W alone", seed).isCloseTo(40.0, within(1.0));
    }

    @Property(tries = 8)
    void arrivalsArePoissonAtTheRateTheLoadAsks(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Scenario s = ScenarioFiles.base("nodes=1000", "jobs.per-level=" + JOBS, "seed=" + seed);
        WorkloadGenerator generator = new WorkloadGenerator(s);
        double rho = 0.9;
        List<JobArrival> jobs = generator.generate(rho, STATIC).jobs();
        double lambda = generator.arrivalRate(rho);
        double measured = JOBS / (jobs.get(JOBS - 1).atMillis() / 1000.0);
        assertThat(measured).as("seed %d", seed).isCloseTo(lambda, within(5 * lambda / Math.sqrt(JOBS)));
        // Exponential gaps: their standard deviation equals their mean.
        double meanGap = 0;
        double squares = 0;
        for (int i = 1; i < JOBS; i++) {
            double gap = jobs.get(i).atMillis() - jobs.get(i - 1).atMillis();
            assertThat(gap).as("seed %d: arrivals in time order", seed).isGreaterThanOrEqualTo(0);
            meanGap += gap;
            squares += gap * gap;
        }
        meanGap /= JOBS - 1;
        double sd = Math.sqrt(squares / (JOBS - 1) - meanGap * meanGap);
        assertThat(sd / meanGap).as("seed %d: coefficient of variation", seed).isCloseTo(1.0, within(0.1));
    }

    @Property(tries = 8)
    void mixedNodeLevelsAreSkewed(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Scenario s = ScenarioFiles.base("nodes=" + JOBS, "jobs.per-level=1", "seed=" + seed);
        List<Capabilities> nodes = new WorkloadGenerator(s).generate(0.5, STATIC).nodes();
        double total = 1 + 0.6 + 0.36 + 0.216 + 0.1296;
        double[] cpu = {1, 1.5, 2, 3, 4};
        for (int k = 0; k < cpu.length; k++) {
            double level = cpu[k];
            double p = Math.pow(0.6, k) / total;
            long n = nodes.stream().filter(c -> c.get(0) == level).count();
            assertThat((double) n / JOBS).as("seed %d, cpu level %s", seed, level)
                    .isCloseTo(p, within(5 * Math.sqrt(p * (1 - p) / JOBS)));
        }
        double smallestMemory = 1 / (1 + 0.6 + 0.36 + 0.216 + 0.1296 + 0.07776);
        long small = nodes.stream().filter(c -> c.get(1) == 512).count();
        assertThat((double) small / JOBS).as("seed %d, memory 512 MiB", seed)
                .isCloseTo(smallestMemory, within(5 * Math.sqrt(0.25 / JOBS)));
    }
}
