package io.cangrid.simulator.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import io.cangrid.simulator.gangs.GangScenarioLoader;
import io.cangrid.simulator.hygra.HygraScenarioLoader;
import io.cangrid.simulator.locator.LocatorCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioLoaderTest {

    @TempDir
    Path dir;

    @Test
    void everyShippedScenarioLoads() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(ScenarioFiles.DIR)) {
            // HYGRA tick and gangmatching scenarios have their own loaders and keys (HygraScenarioLoaderTest
            // and GangScenarioTest check them).
            files = list.filter(p -> p.toString().endsWith(".conf"))
                    .filter(p -> !HygraScenarioLoader.isHygraScenario(p))
                    .filter(p -> !GangScenarioLoader.isGangScenario(p)).sorted().toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString()).contains("base.conf", "quickstart.conf",
                "kim-light-mixed.conf", "kim-heavy-mixed.conf", "kim-light-clustered.conf", "kim-dynamic.conf",
                "kim-stability.conf", "kim-stability-long.conf");
        for (Path file : files) {
            Scenario s = ScenarioLoader.load(file);
            assertThat(s.locators()).as(file.toString()).isNotEmpty();
            assertThat(LocatorCatalog.names()).as(file.toString()).containsAll(s.locators());
        }
    }

    @Test
    void baseConfListsExactlyTheKnownKeys() {
        List<String> keys = new ArrayList<>();
        for (Map.Entry<String, ?> e : ConfigFactory.parseFile(ScenarioFiles.BASE.toFile()).entrySet()) {
            keys.add(e.getKey());
        }
        assertThat(keys).containsExactlyInAnyOrderElementsOf(ScenarioKeys.ALL);
    }

    @Test
    void shippedScenariosSayWhatTheBriefAsks() {
        Scenario quick = ScenarioLoader.load(ScenarioFiles.DIR.resolve("quickstart.conf"));
        assertThat(quick.nodes()).isEqualTo(200);
        assertThat(quick.locators()).contains("CENTRAL", "CAN", "CAN-P2");

        Scenario light = ScenarioLoader.load(ScenarioFiles.DIR.resolve("kim-light-mixed.conf"));
        assertThat(light.locators()).containsExactly("CENTRAL", "CENTRAL-MCT", "CENTRAL-BESTFIT", "CENTRAL-RANDFREE",
                "CAN", "CAN-P1", "CAN-P2", "CAN-P3", "CAN-PX");

        Scenario heavy = ScenarioLoader.load(ScenarioFiles.DIR.resolve("kim-heavy-mixed.conf"));
        assertThat(heavy.jobs().constraint()).isEqualTo(JobMix.Constraint.HEAVILY);
        assertThat(heavy.nodes()).isEqualTo(1000);

        Scenario clustered = ScenarioLoader.load(ScenarioFiles.DIR.resolve("kim-light-clustered.conf"));
        assertThat(clustered.population().kind()).isEqualTo(NodePopulation.Kind.CLUSTERED);

        Scenario dynamic = ScenarioLoader.load(ScenarioFiles.DIR.resolve("kim-dynamic.conf"));
        assertThat(dynamic.churn().departures()).containsExactly(0.1, 0.2, 0.3);
        assertThat(dynamic.loadLevels()).containsExactly(0.7);
        assertThat(dynamic.churn().variants()).hasSize(3);
        assertThat(dynamic.runCount()).isEqualTo(dynamic.locators().size() * 3);

        // The stability run is kim-light-mixed with more jobs, so its levels are comparable.
        Scenario stability = ScenarioLoader.load(ScenarioFiles.DIR.resolve("kim-stability.conf"));
        assertThat(stability.name()).isEqualTo("kim-stability");
        assertSameGridAndJobs(stability, light);
        assertThat(stability.jobs().perLevel()).isEqualTo(10 * light.jobs().perLevel());
        assertThat(stability.loadLevels()).containsExactly(0.3, 0.5, 0.7, 0.8, 0.9);
        assertThat(stability.locators()).containsExactly("CENTRAL-BESTFIT", "CAN-PX");

        // The long stability run repeats its highest level with four times the jobs.
        Scenario longer = ScenarioLoader.load(ScenarioFiles.DIR.resolve("kim-stability-long.conf"));
        assertThat(longer.name()).isEqualTo("kim-stability-long");
        assertSameGridAndJobs(longer, stability);
        assertThat(longer.jobs().perLevel()).isEqualTo(4 * stability.jobs().perLevel());
        assertThat(longer.loadLevels()).containsExactly(0.9);
        assertThat(longer.locators()).isEqualTo(stability.locators());
    }

    /** The same nodes and the same kind of job, so the two scenarios' levels are comparable. */
    private static void assertSameGridAndJobs(Scenario s, Scenario like) {
        assertThat(s.nodes()).as(s.name()).isEqualTo(like.nodes());
        assertThat(s.population()).as(s.name()).isEqualTo(like.population());
        assertThat(s.jobs().constraint()).as(s.name()).isEqualTo(like.jobs().constraint());
    }

    @Test
    void baseDefaultsAreTheDocumentedOnes() {
        Scenario s = ScenarioLoader.load(ScenarioFiles.BASE);
        assertThat(s.grid().updatePeriodMillis()).isEqualTo(10_000);
        assertThat(s.grid().heartbeatMillis()).isEqualTo(30_000);
        assertThat(s.grid().latency()).isEqualTo("exponential:50");
        assertThat(s.jobs().meanWorkMinutes()).isEqualTo(40.0);
        assertThat(s.jobs().constraint().probability()).isEqualTo(1.3 / 3);
        assertThat(s.population().skew()).isEqualTo(0.6);
        assertThat(s.population().memoryLevelsMib()).containsExactly(512.0, 1024.0, 2048.0, 4096.0, 8192.0, 16384.0);
        assertThat(s.churn().variants()).singleElement().matches(ChurnVariant::isStatic);
    }

    @Test
    void overridesReplaceValuesOfAnyType() {
        Scenario s = ScenarioFiles.base("nodes=500", "load-levels=[0.5, 0.9]", "grid.latency=constant:20",
                "locators=CAN,CENTRAL", "grid.update-period=1m", "population.kind=clustered", "name=try-1");
        assertThat(s.nodes()).isEqualTo(500);
        assertThat(s.loadLevels()).containsExactly(0.5, 0.9);
        assertThat(s.grid().latency()).isEqualTo("constant:20");
        assertThat(s.locators()).as("catalogue order").containsExactly("CENTRAL", "CAN");
        assertThat(s.grid().updatePeriodMillis()).isEqualTo(60_000);
        assertThat(s.population().kind()).isEqualTo(NodePopulation.Kind.CLUSTERED);
        assertThat(s.name()).isEqualTo("try-1");
    }

    @Test
    void laterOverridesWin() {
        assertThat(ScenarioFiles.base("nodes=5", "nodes=7").nodes()).isEqualTo(7);
    }

    @Test
    void unknownKeyInAFileIsRefusedWithAHint() throws IOException {
        Path file = ScenarioFiles.write(dir, "typo.conf", "jobs.per-levl = 10");
        assertThatThrownBy(() -> ScenarioLoader.load(file))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("typo.conf")
                .hasMessageContaining("unknown key 'jobs.per-levl'")
                .hasMessageContaining("did you mean 'jobs.per-level'")
                .hasMessageContaining("line 2");
    }

    @Test
    void unknownOverrideKeyIsRefused() {
        assertThatThrownBy(() -> ScenarioFiles.base("node=5"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("unknown key 'node'")
                .hasMessageContaining("--set")
                .hasMessageContaining("did you mean 'nodes'");
    }

    @Test
    void overrideWithoutEqualsIsRefused() {
        assertThatThrownBy(() -> ScenarioFiles.base("nodes")).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("key=value");
    }

    @Test
    void wrongTypeNamesKeyAllowedValuesAndWhereItWasSet() {
        assertThatThrownBy(() -> ScenarioFiles.base("nodes=many"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("base.conf")
                .hasMessageContaining("'nodes'")
                .hasMessageContaining("whole number in [1, 1000000]")
                .hasMessageContaining("many")
                .hasMessageContaining("--set nodes");
    }

    @Test
    void outOfRangeValuesAreRefused() {
        assertThatThrownBy(() -> ScenarioFiles.base("load-levels=[0.5, 3]"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("'load-levels'")
                .hasMessageContaining("(0, 2]").hasMessageContaining("3");
        assertThatThrownBy(() -> ScenarioFiles.base("nodes=0"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("[1, 1000000]");
        assertThatThrownBy(() -> ScenarioFiles.base("population.skew=1.5"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("'population.skew'");
        assertThatThrownBy(() -> ScenarioFiles.base("churn.departures=[0.95]"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("[0, 0.9]");
        assertThatThrownBy(() -> ScenarioFiles.base("jobs.work-minutes.max=10"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("'jobs.work-minutes.max'");
        assertThatThrownBy(() -> ScenarioFiles.base("grid.drain-limit=0s"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("positive duration");
        assertThatThrownBy(() -> ScenarioFiles.base("population.cpu-levels=[2, 1]"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("ascending");
    }

    @Test
    void platformsAreCheckedAsTheyAreRead() {
        Scenario mixed = ScenarioLoader.load(ScenarioFiles.DIR.resolve("mixed-os.conf"));
        assertThat(mixed.platforms().kinds()).hasSize(7);
        assertThat(mixed.platforms().jobConstraint()).isEqualTo(0.5);
        assertThat(ScenarioFiles.base().platforms().isEmpty()).isTrue();
        assertThatThrownBy(() -> ScenarioFiles.base("population.platforms=[{opsys=LINUX, arch=INTEL, fraction=0.5}]"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("'population.platforms'")
                .hasMessageContaining("fractions summing to 0.5");
        assertThatThrownBy(() -> ScenarioFiles.base("population.platforms=[{opsys=LINUX, os=INTEL, fraction=1}]"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("opsys, arch");
        assertThatThrownBy(() -> ScenarioFiles.base("population.platforms=[{opsys=\"LIN UX\", arch=INTEL, fraction=1}]"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("'population.platforms'");
        assertThatThrownBy(() -> ScenarioFiles.base("jobs.platform-constraint=0.5"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("'jobs.platform-constraint'")
                .hasMessageContaining("population.platforms is empty");
    }

    @Test
    void unknownChoicesListTheAllowedOnes() {
        assertThatThrownBy(() -> ScenarioFiles.base("locators=[CENTRAL, CAN-P9]"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("CAN-P9")
                .hasMessageContaining(String.join(", ", LocatorCatalog.names()));
        assertThatThrownBy(() -> ScenarioFiles.base("jobs.constraint=medium"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("one of lightly, heavily");
        assertThatThrownBy(() -> ScenarioFiles.base("grid.latency=gaussian:5"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("exponential:MEAN");
        assertThatThrownBy(() -> ScenarioFiles.base("locators=[CAN, CAN]"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("distinct");
    }

    @Test
    void hygraIsALocatorWhoseOptionsAreChecked() {
        assertThat(ScenarioFiles.base("locators=[CENTRAL, \"HYGRA[heuristic=BestFit, strategy=Stop]\", CAN-PX]")
                .locators()).containsExactly("CENTRAL", "CAN-PX", "HYGRA[heuristic=BestFit, strategy=Stop]");
        assertThatThrownBy(() -> ScenarioFiles.base("locators=[CENTRAL, \"HYGRA[strategy=Sideways]\"]"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("'locators'")
                .hasMessageContaining("strategy").hasMessageContaining("Backtracking, Stop");
    }

    @Test
    void clusteredClassesMustAddUp() throws IOException {
        Path file = ScenarioFiles.write(dir, "classes.conf", "population.kind = clustered\n"
                + "population.classes = [{ cpu = 1, memory-mib = 1024, disk-gib = 40, fraction = 0.5 }]");
        assertThatThrownBy(() -> ScenarioLoader.load(file))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("classes.conf")
                .hasMessageContaining("'population.classes'")
                .hasMessageContaining("sum to 1");
        Path extra = ScenarioFiles.write(dir, "extra.conf", "population.classes = "
                + "[{ cpu = 1, memory-mib = 1024, disk-gib = 40, fraction = 1, gpu = 2 }]");
        assertThatThrownBy(() -> ScenarioLoader.load(extra)).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("gpu");
    }

    @Test
    void missingFileAndBrokenSyntaxAreRefused() throws IOException {
        assertThatThrownBy(() -> ScenarioLoader.load(dir.resolve("nope.conf")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("nope.conf")
                .hasMessageContaining("does not exist");
        Path broken = ScenarioFiles.write(dir, "broken.conf", "nodes = [1, ");
        assertThatThrownBy(() -> ScenarioLoader.load(broken))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("broken.conf");
    }

    @Test
    void aFileWithoutTheBaseNamesTheMissingKey() throws IOException {
        Path file = dir.resolve("bare.conf");
        Files.writeString(file, "name = bare\n");
        assertThatThrownBy(() -> ScenarioLoader.load(file))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("'seed' is missing")
                .hasMessageContaining("include \"base.conf\"");
    }

    @Test
    void substitutionsSeeOverrides() throws IOException {
        Path file = ScenarioFiles.write(dir, "subst.conf", "seed = 5\nname = \"run-\"${seed}");
        assertThat(ScenarioLoader.load(file, List.of("seed=9")).name()).isEqualTo("run-9");
    }
}
