package io.cangrid.simulator.hygra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.hygra.protocol.DeadEndStrategy;
import io.cangrid.hygra.protocol.Placement;
import io.cangrid.hygra.tick.RequestPace;
import io.cangrid.simulator.scenario.ScenarioException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HygraScenarioLoaderTest {

    private static final Path DIR = Path.of("..", "scenarios");
    private static final Path BACKTRACKING = DIR.resolve("hygra-backtracking.conf");
    private static final Path STOP = DIR.resolve("hygra-stop.conf");

    @Test
    void bothShippedScenariosLoadWithThePapersSetUp() {
        HygraScenario backtracking = HygraScenarioLoader.load(BACKTRACKING, List.of());
        HygraScenario stop = HygraScenarioLoader.load(STOP, List.of());
        assertThat(backtracking.settings().parameters().deadEnd()).isEqualTo(DeadEndStrategy.BACKTRACKING);
        assertThat(stop.settings().parameters().deadEnd()).isEqualTo(DeadEndStrategy.STOP);
        assertThat(backtracking.settings().nodes()).isEqualTo(100);
        assertThat(backtracking.settings().parameters().degMin()).isEqualTo(8);
        assertThat(backtracking.settings().parameters().degMax()).isEqualTo(15);
        assertThat(backtracking.settings().rates()).containsExactly(20, 30, 40, 50, 60, 70, 80, 100, 120, 150);
        assertThat(stop.settings().withParameters(backtracking.settings().parameters())).isEqualTo(backtracking.settings());
    }

    @Test
    void onlyFilesThatSayHygraTickAreHygraScenarios() {
        assertThat(HygraScenarioLoader.isHygraScenario(BACKTRACKING)).isTrue();
        assertThat(HygraScenarioLoader.isHygraScenario(DIR.resolve("quickstart.conf"))).isFalse();
    }

    @Test
    void overridesChangeKeysAndUnknownKeysAreRefused() {
        HygraScenario climbing = HygraScenarioLoader.load(BACKTRACKING,
                List.of("seed=3", "hygra.placement=climb", "hygra.request-pace=one-move"));
        assertThat(climbing.settings().seed()).isEqualTo(3);
        assertThat(climbing.settings().parameters().placement()).isEqualTo(Placement.CLIMB);
        assertThat(climbing.settings().pace()).isEqualTo(RequestPace.ONE_MOVE);
        assertThatThrownBy(() -> HygraScenarioLoader.load(BACKTRACKING, List.of("hygra.degmin=3")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("unknown key 'hygra.degmin'");
    }

    @Test
    void badValuesAreRefusedNamingTheKeyAndWhatIsAllowed() {
        assertThatThrownBy(() -> HygraScenarioLoader.load(BACKTRACKING, List.of("hygra.dead-end=retry")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("hygra.dead-end")
                .hasMessageContaining("backtracking, stop").hasMessageContaining("'retry'");
        assertThatThrownBy(() -> HygraScenarioLoader.load(BACKTRACKING, List.of("hygra.deg-min=15")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("degmin must be below degmax");
    }

    @Test
    void aMisspeltKeyIsRefusedWithTheKeyMeantAndWhereItWasSet(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> HygraScenarioLoader.load(BACKTRACKING, List.of("hygra.degmin=3")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("unknown key 'hygra.degmin' (--set)")
                .hasMessageContaining("did you mean 'hygra.deg-min'?");
        Path typo = dir.resolve("typo.conf");
        Files.writeString(typo, Files.readString(BACKTRACKING) + "\nhygra.hop-limt = 5\n");
        int line = Files.readAllLines(typo).size();
        assertThatThrownBy(() -> HygraScenarioLoader.load(typo, List.of()))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("unknown key 'hygra.hop-limt'")
                .hasMessageContaining("set in typo.conf line " + line)
                .hasMessageContaining("did you mean 'hygra.hop-limit'?");
    }

    @Test
    void aBadValueIsRefusedNamingWhereItWasSet(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> HygraScenarioLoader.load(BACKTRACKING, List.of("hygra.dead-end=retry")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("(set by --set hygra.dead-end)");
        Path bad = dir.resolve("bad.conf");
        Files.writeString(bad, Files.readString(BACKTRACKING) + "\nhygra.nodes = 1\n");
        int line = Files.readAllLines(bad).size();
        assertThatThrownBy(() -> HygraScenarioLoader.load(bad, List.of()))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("key 'hygra.nodes' must be")
                .hasMessageContaining("was 1").hasMessageContaining("(set in bad.conf line " + line + ")");
    }
}
