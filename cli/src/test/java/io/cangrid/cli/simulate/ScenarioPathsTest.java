package io.cangrid.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ScenarioPathsTest {

    @Test
    void anExistingPathIsTakenAsIs() {
        Path quickstart = Path.of("..", "scenarios", "quickstart.conf");
        assertThat(ScenarioPaths.resolve(quickstart.toString())).isEqualTo(quickstart);
    }

    @Test
    void aNameFoundNowhereIsReturnedAsGivenForTheErrorToName() {
        // Tests run in the cli module, which has no scenarios directory of its own.
        assertThat(ScenarioPaths.resolve("no-such-scenario")).isEqualTo(Path.of("no-such-scenario"));
        assertThat(ScenarioPaths.resolve("x/y.conf")).isEqualTo(Path.of("x/y.conf"));
    }
}
