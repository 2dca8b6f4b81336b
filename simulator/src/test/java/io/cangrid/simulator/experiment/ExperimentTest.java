package io.cangrid.simulator.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cangrid.simulator.report.Summaries;
import io.cangrid.simulator.report.SummaryJson;
import io.cangrid.simulator.scenario.Scenario;
import io.cangrid.simulator.scenario.ScenarioFiles;
import io.cangrid.simulator.workload.Workload;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ExperimentTest {

    static Scenario small(String... more) {
        List<String> overrides = new ArrayList<>(List.of("nodes=60", "jobs.per-level=150", "load-levels=[0.3, 0.9]",
                "name=small"));
        overrides.addAll(List.of(more));
        return ScenarioFiles.base(overrides.toArray(new String[0]));
    }

    @Test
    void everyLocatorRunsEveryLevelInAFixedOrder() {
        Scenario s = small();
        ExperimentResult result = new Experiment(s, new FakeGrid()).run(2, ExperimentProgress.NONE);
        assertThat(result.runs()).extracting(r -> r.key().locator() + "@" + r.key().load()).containsExactly(
                "CENTRAL@0.3", "CENTRAL@0.9", "CENTRAL-MCT@0.3", "CENTRAL-MCT@0.9", "CAN@0.3", "CAN@0.9");
        assertThat(result.arrivalRates()).hasSize(2);
        assertThat(result.arrivalRates().get(1) / result.arrivalRates().get(0)).isCloseTo(3.0,
                within(1e-9));
        for (RunResult run : result.runs()) {
            assertThat(run.jobs()).hasSize(150);
            assertThat(run.metrics().completed() + run.metrics().noMatch()).isEqualTo(150);
        }
    }

    @Test
    void locatorsShareTheWorkloadOfALevel() {
        List<Workload> seen = Collections.synchronizedList(new ArrayList<>());
        List<Long> seeds = Collections.synchronizedList(new ArrayList<>());
        FakeGrid grid = new FakeGrid();
        new Experiment(small("load-levels=[0.5]", "seed=11"), (w, settings, events) -> {
            seen.add(w);
            seeds.add(settings.seed());
            return grid.run(w, settings, events);
        }).run(3, ExperimentProgress.NONE);
        assertThat(seen).hasSize(3);
        assertThat(seen).allSatisfy(w -> assertThat(w).isSameAs(seen.get(0)));
        assertThat(seeds).containsOnly(11L);
    }

    @Test
    void resultsDoNotDependOnTheNumberOfThreads() {
        Scenario s = small("churn.departures=[0.1, 0.2]");
        String one = SummaryJson.toJson(Summaries.of(new Experiment(s, new FakeGrid()).run(1, ExperimentProgress.NONE)));
        String four = SummaryJson.toJson(Summaries.of(new Experiment(s, new FakeGrid()).run(4, ExperimentProgress.NONE)));
        assertThat(four).isEqualTo(one);
    }

    @Test
    void loadRaisesUtilisationAndWaits() {
        ExperimentResult result = new Experiment(small("jobs.per-level=400"), new FakeGrid()).run(2,
                ExperimentProgress.NONE);
        RunResult light = result.runs().get(0);
        RunResult heavy = result.runs().get(1);
        assertThat(heavy.metrics().utilisation()).isGreaterThan(light.metrics().utilisation() * 2);
        assertThat(heavy.metrics().meanWaitSeconds()).isGreaterThan(light.metrics().meanWaitSeconds());
        assertThat(heavy.metrics().utilisation()).isBetween(0.4, 1.0);
    }

    @Test
    void progressCountsEveryJobOfEveryRunIncludingLostOnes() {
        AtomicLong done = new AtomicLong();
        Experiment experiment = new Experiment(small(), new FakeGrid(10));
        ExperimentResult result = experiment.run(2, done::addAndGet);
        assertThat(done.get()).isEqualTo(experiment.totalJobs()).isEqualTo(6 * 150);
        assertThat(result.runs()).allSatisfy(r -> assertThat(r.metrics().lost()).isEqualTo(15));
    }

    @Test
    void aFailingRunIsNamed() {
        Experiment experiment = new Experiment(small(), (w, settings, events) -> {
            if (settings.locator().equals("CAN")) {
                throw new UnsupportedOperationException("not wired yet");
            }
            return new FakeGrid().run(w, settings, events);
        });
        assertThatThrownBy(() -> experiment.run(2, ExperimentProgress.NONE))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("CAN at load 0.30")
                .hasMessageContaining("not wired yet");
    }
}
