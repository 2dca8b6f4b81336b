package io.cangrid.simulator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.simulator.scenario.ChurnVariant;
import io.cangrid.simulator.scenario.Scenario;
import io.cangrid.simulator.scenario.ScenarioException;
import io.cangrid.simulator.scenario.ScenarioFiles;
import io.cangrid.simulator.scenario.ScenarioLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Machines and jobs of many cores: the space gains cores, load counts core-seconds, one-core stays as it was. */
class MulticoreWorkloadTest {

    private static final ChurnVariant STATIC = new ChurnVariant(0, 0, 0);

    @Test
    void aOneCoreScenarioKeepsThePapersSpaceAndDrawsExactlyWhatItDrewBefore() {
        Scenario plain = ScenarioFiles.base("nodes=200", "jobs.per-level=300", "seed=3");
        Workload w = new WorkloadGenerator(plain).generate(0.7, STATIC);
        assertThat(w.schema().realDimensions()).isEqualTo(3);
        assertThat(w.nodes()).allSatisfy(c -> assertThat(c.size()).isEqualTo(3));
        assertThat(w.totalCores()).isEqualTo(200);
        // The same nodes and jobs as a population that states its one core explicitly.
        Workload same = new WorkloadGenerator(ScenarioFiles.base("nodes=200", "jobs.per-level=300", "seed=3",
                "population.cores-levels=[1]", "jobs.cores-levels=[1]")).generate(0.7, STATIC);
        assertThat(same.nodes().equals(w.nodes())).isTrue();
        assertThat(same.jobs().equals(w.jobs())).isTrue();
    }

    @Test
    void manyCoresAddADimensionAndTheOfferedLoadCountsCoreSeconds() {
        Scenario s = ScenarioFiles.base("nodes=400", "jobs.per-level=2000", "seed=9",
                "population.cores-levels=[1,2,4,8,16,32]", "jobs.cores-levels=[1,2,4,8]");
        WorkloadGenerator generator = new WorkloadGenerator(s);
        Workload w = generator.generate(0.8, STATIC);
        int cores = w.schema().indexOf(ResourceSchema.CORES);
        assertThat(cores).isEqualTo(3);
        assertThat(w.nodes()).allSatisfy(c -> assertThat(c.get(3)).isIn(1.0, 2.0, 4.0, 8.0, 16.0, 32.0));
        // Skewed: most machines small.
        long small = w.nodes().stream().filter(c -> c.get(3) <= 2).count();
        assertThat(small).isGreaterThan(w.nodes().size() / 2);
        double coreCpu = 0;
        for (Capabilities c : w.nodes()) {
            coreCpu += c.get(0) * c.get(3);
        }
        assertThat(generator.totalCpu()).isCloseTo(coreCpu, within(1e-9));
        // The sample's core-seconds per second of arrivals approach rho x the grid's core capacity.
        double coreWork = 0;
        for (JobArrival a : w.jobs()) {
            JobSpec spec = a.spec();
            coreWork += spec.work() * spec.cores();
            if (spec.cores() > 1) {
                assertThat(spec.requirements().get(3)).isEqualTo(spec.cores());
            } else {
                assertThat(spec.requirements().constrains(3)).isFalse();
            }
        }
        double seconds = w.jobs().get(w.jobs().size() - 1).atMillis() / 1000.0;
        assertThat(coreWork / seconds / coreCpu).isCloseTo(0.8, within(0.12));
        assertThat(w.jobs().stream().mapToInt(a -> a.spec().cores()).max().orElseThrow()).isEqualTo(8);
    }

    @Test
    void coresThatAreNoWholeNumberOfOneToAThousandAndTwentyFourAreRefused() {
        assertThatThrownBy(() -> ScenarioFiles.base("population.cores-levels=[0, 2]"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("population.cores-levels");
        assertThatThrownBy(() -> ScenarioFiles.base("jobs.cores-levels=[1.5]"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("jobs.cores-levels")
                .hasMessageContaining("whole numbers");
        assertThatThrownBy(() -> ScenarioFiles.base("owners.enabled=maybe"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("owners.enabled");
        assertThat(ScenarioLoader.load(ScenarioFiles.DIR.resolve("multicore.conf"), List.of()).population().multicore())
                .isTrue();
    }
}
