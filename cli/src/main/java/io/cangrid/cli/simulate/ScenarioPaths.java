package io.cangrid.cli.simulate;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the scenario file a user named: a path, or the bare name of a file in {@code scenarios/}. */
final class ScenarioPaths {

    static final Path SCENARIO_DIR = Path.of("scenarios");
    private static final String EXTENSION = ".conf";

    private ScenarioPaths() {
    }

    /** The file {@code argument} names; when nothing matches, the path as given, for the error to name it. */
    static Path resolve(String argument) {
        Path given = Path.of(argument);
        if (Files.exists(given) || argument.endsWith(EXTENSION) || argument.contains("/")) {
            return given;
        }
        Path inScenarios = SCENARIO_DIR.resolve(argument + EXTENSION);
        return Files.isRegularFile(inScenarios) ? inScenarios : given;
    }
}
