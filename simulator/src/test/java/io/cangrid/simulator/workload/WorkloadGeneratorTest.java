package io.cangrid.simulator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.scenario.ChurnVariant;
import io.cangrid.simulator.scenario.NodeClass;
import io.cangrid.simulator.scenario.Scenario;
import io.cangrid.simulator.scenario.ScenarioFiles;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WorkloadGeneratorTest {

    private static final ChurnVariant STATIC = new ChurnVariant(0, 0, 0);

    @Test
    void sameScenarioGivesTheSameWorkload() {
        Scenario s = ScenarioFiles.base("nodes=300", "jobs.per-level=500", "seed=42", "churn.departures=[0.2]");
        ChurnVariant variant = s.churn().variants().get(0);
        Workload a = new WorkloadGenerator(s).generate(0.8, variant);
        Workload b = new WorkloadGenerator(s).generate(0.8, variant);
        // Compared part by part (the schema has no equality of its own), as booleans to keep failures short.
        assertThat(a.nodes().equals(b.nodes())).as("nodes").isTrue();
        assertThat(a.jobs().equals(b.jobs())).as("jobs").isTrue();
        assertThat(a.churn().equals(b.churn())).as("churn").isTrue();
        assertThat(a.churn()).isNotEmpty();
        Workload other = new WorkloadGenerator(ScenarioFiles.base("nodes=300", "jobs.per-level=500", "seed=43",
                "churn.departures=[0.2]")).generate(0.8, variant);
        assertThat(other.jobs().equals(a.jobs())).as("another seed, other jobs").isFalse();
    }

    @Test
    void levelsShareNodesAndJobsAndDifferOnlyInTimeScale() {
        Scenario s = ScenarioFiles.base("nodes=200", "jobs.per-level=400", "seed=7");
        WorkloadGenerator generator = new WorkloadGenerator(s);
        Workload light = generator.generate(0.4, STATIC);
        Workload heavy = generator.generate(0.8, STATIC);
        assertThat(heavy.nodes()).isEqualTo(light.nodes());
        for (int i = 0; i < light.jobs().size(); i++) {
            assertThat(heavy.jobs().get(i).spec()).isEqualTo(light.jobs().get(i).spec());
            // Twice the load, half the time: equal up to the rounding to whole milliseconds.
            assertThat((double) heavy.jobs().get(i).atMillis())
                    .isCloseTo(light.jobs().get(i).atMillis() / 2.0, within(1.0));
        }
    }

    @Test
    void offeredLoadIsArrivalRateTimesMeanWorkOverTotalCpu() {
        Scenario s = ScenarioFiles.base("nodes=100", "jobs.per-level=10");
        WorkloadGenerator generator = new WorkloadGenerator(s);
        double lambda = generator.arrivalRate(0.7);
        assertThat(OfferedLoad.rho(lambda, generator.totalCpu(), generator.meanWorkSeconds())).isCloseTo(0.7,
                within(1e-12));
        assertThat(generator.totalCpu()).isEqualTo(generator.generate(0.7, STATIC).totalCpu());
    }

    @Test
    void meanWorkFollowsTheMixAnalytically() {
        // Lightly constrained, default levels: E[baseline] = p E[cpu level] + (1 - p), p = 1.3/3.
        Scenario s = ScenarioFiles.base("nodes=10", "jobs.per-level=10");
        double[] cpu = {1, 1.5, 2, 3, 4};
        double weight = 1;
        double total = 0;
        double mean = 0;
        for (double c : cpu) {
            total += weight;
            mean += weight * c;
            weight *= 0.6;
        }
        double p = 1.3 / 3;
        double expected = 40 * 60 * (p * mean / total + (1 - p));
        assertThat(new WorkloadGenerator(s).meanWorkSeconds()).isCloseTo(expected, within(1e-9));
    }

    @Test
    void clusteredNodesAndConstraintsComeFromTheClasses() {
        Scenario s = ScenarioFiles.base("nodes=400", "jobs.per-level=2000", "population.kind=clustered",
                "jobs.constraint=heavily");
        Workload w = new WorkloadGenerator(s).generate(0.5, STATIC);
        Set<Capabilities> classes = new HashSet<>();
        Set<Double> memoryValues = new HashSet<>();
        for (NodeClass c : s.population().classes()) {
            classes.add(new Capabilities(c.cpu(), c.memoryMib(), c.diskGib()));
            memoryValues.add(c.memoryMib());
        }
        assertThat(classes).containsAll(w.nodes());
        assertThat(new HashSet<>(w.nodes())).hasSize(classes.size());
        for (JobArrival a : w.jobs()) {
            double memory = a.spec().requirements().get(1);
            assertThat(memory == 0 || memoryValues.contains(memory)).as("memory requirement %s", memory).isTrue();
        }
        long smallest = w.nodes().stream().filter(c -> c.get(0) == 1.0).count();
        assertThat(smallest / 400.0).as("the 40% class").isCloseTo(0.4, within(0.07));
    }

    @Test
    void churnHasTheVariantsDeparturesHalfOfThemCrashes() {
        Scenario s = ScenarioFiles.base("nodes=500", "jobs.per-level=300", "churn.departures=[0.1, 0.3]",
                "churn.joins=0.02");
        WorkloadGenerator generator = new WorkloadGenerator(s);
        List<ChurnVariant> variants = s.churn().variants();
        Workload w = generator.generate(0.7, variants.get(1));
        long window = w.jobs().get(w.jobs().size() - 1).atMillis();
        long leaves = w.churn().stream().filter(e -> e.kind() == ChurnEvent.Kind.LEAVE).count();
        long crashes = w.churn().stream().filter(e -> e.kind() == ChurnEvent.Kind.CRASH).count();
        long joins = w.churn().stream().filter(e -> e.kind() == ChurnEvent.Kind.JOIN).count();
        assertThat(leaves + crashes).isEqualTo(150);
        assertThat(crashes).isEqualTo(75);
        assertThat(joins).isEqualTo(10);
        assertThat(w.churn()).allSatisfy(e -> assertThat(e.atMillis()).isBetween(0L, window));
        assertThat(generator.generate(0.7, variants.get(0)).churn()).hasSize(50 + 10);
        assertThat(generator.generate(0.7, STATIC).churn()).isEmpty();
    }

    @Test
    void workIsUniformMinutesTimesTheBaseline() {
        Scenario s = ScenarioFiles.base("nodes=50", "jobs.per-level=3000", "seed=3");
        for (JobArrival a : new WorkloadGenerator(s).generate(0.5, STATIC).jobs()) {
            JobSpec spec = a.spec();
            double baseline = spec.requirements().constrains(0) ? spec.requirements().get(0) : 1.0;
            assertThat(spec.work() / baseline).isBetween(20 * 60.0, 60 * 60.0);
        }
    }
}
