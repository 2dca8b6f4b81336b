package io.cangrid.simulator.gangs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.simulator.scenario.ScenarioException;
import io.cangrid.simulator.scenario.ScenarioFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scenarios/gangs.conf as shipped, its small cells run, and what the loader refuses. */
class GangScenarioTest {

    private static final Path GANGS = ScenarioFiles.DIR.resolve("gangs.conf");

    @TempDir
    Path dir;

    @Test
    void theShippedScenarioHasThePapersGrid() {
        assertThat(GangScenarioLoader.isGangScenario(GANGS)).isTrue();
        assertThat(GangScenarioLoader.isGangScenario(ScenarioFiles.BASE)).isFalse();
        GangScenario scenario = GangScenarioLoader.load(GANGS, List.of());
        assertThat(scenario.jobs()).containsExactly(250, 500, 1000, 2000, 4000);
        assertThat(scenario.licencesPerJob()).containsExactly(0.5, 1.0);
        assertThat(scenario.partitions()).containsExactly(1, 2, 4, 8);
        assertThat(scenario.searches()).containsExactly(GangSearchKind.FIXED, GangSearchKind.DYNAMIC);
    }

    @Test
    void everyCellFormsExactlyOneGangPerLicence() {
        GangScenario scenario = GangScenarioLoader.load(GANGS,
                List.of("gangs.jobs=[40, 64]", "gangs.searches=[naive, fixed, dynamic]"));
        long[] tick = {0};
        List<GangExperiment.Row> rows = GangExperiment.run(scenario, () -> tick[0]++, row -> { });
        assertThat(rows).hasSize(2 * 2 * 4 * 3);
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.exact()).as(row.toString()).isTrue();
            assertThat(row.gangs()).isEqualTo((int) Math.round(row.jobs() * row.licencesPerJob()));
        });
        // The paper's shape at half as many licences as jobs: the fixed order probes more than the dynamic, and
        // the more so the more jobs (its probes grow as N², the dynamic order's as N).
        assertThat(rows).filteredOn(r -> r.licencesPerJob() == 0.5 && r.search() == GangSearchKind.FIXED)
                .allSatisfy(fixed -> assertThat(fixed.probes()).isGreaterThan(2 * probesOf(rows, fixed, GangSearchKind.DYNAMIC)));
        GangExperiment.Row small = rows.stream().filter(r -> r.jobs() == 40 && r.licencesPerJob() == 0.5
                && r.search() == GangSearchKind.FIXED).findFirst().orElseThrow();
        GangExperiment.Row large = rows.stream().filter(r -> r.jobs() == 64 && r.licencesPerJob() == 0.5
                && r.search() == GangSearchKind.FIXED).findFirst().orElseThrow();
        assertThat(large.probes() / (double) probesOf(rows, large, GangSearchKind.DYNAMIC))
                .isGreaterThan(small.probes() / (double) probesOf(rows, small, GangSearchKind.DYNAMIC));
    }

    private static long probesOf(List<GangExperiment.Row> rows, GangExperiment.Row like, GangSearchKind search) {
        return rows.stream().filter(r -> r.jobs() == like.jobs() && r.licencesPerJob() == like.licencesPerJob()
                && r.partitions() == like.partitions() && r.search() == search).findFirst().orElseThrow().probes();
    }

    @Test
    void badValuesAreRefusedNamingTheKey() throws IOException {
        assertThatThrownBy(() -> GangScenarioLoader.load(GANGS, List.of("gangs.partitions=[1, 300]")))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("key 'gangs.partitions' must be a non-empty list of partition counts in [1, 250]");
        assertThatThrownBy(() -> GangScenarioLoader.load(GANGS, List.of("gangs.searches=[dynamic, greedy]")))
                .hasMessageContaining("key 'gangs.searches' must be a non-empty list of naive, fixed, dynamic, was 'greedy'");
        assertThatThrownBy(() -> GangScenarioLoader.load(GANGS, List.of("gangs.licences-per-job=[1.5]")))
                .hasMessageContaining("key 'gangs.licences-per-job' must be a non-empty list of licences per job in [0, 1]");
        assertThatThrownBy(() -> GangScenarioLoader.load(GANGS, List.of("gangs.job=[10]")))
                .hasMessageContaining("unknown key 'gangs.job'").hasMessageContaining("did you mean 'gangs.jobs'?");
        Path typo = dir.resolve("typo.conf");
        Files.writeString(typo, "experiment = gangmatching\nname = typo\ngangs { jobs = [10], licences-per-job = [1],"
                + " partitions = [1], searches = [fixed], partition = 2 }\n");
        assertThatThrownBy(() -> GangScenarioLoader.load(typo, List.of()))
                .hasMessageContaining("unknown key 'gangs.partition' (set in typo.conf line 3)");
    }
}
