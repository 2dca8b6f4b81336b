package io.cangrid.simulator.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** The shipped scenario files, found from the module directory tests run in, and scratch scenarios. */
public final class ScenarioFiles {

    public static final Path DIR = Path.of("..", "scenarios");
    public static final Path BASE = DIR.resolve("base.conf");

    private ScenarioFiles() {
    }

    /** The base scenario with {@code overrides}: a small, fast one unless they say otherwise. */
    public static Scenario base(String... overrides) {
        return ScenarioLoader.load(BASE, List.of(overrides));
    }

    /** Writes {@code body} as {@code name} beside a copy of base.conf in {@code dir}, so it can include it. */
    public static Path write(Path dir, String name, String body) throws IOException {
        Files.copy(BASE, dir.resolve("base.conf"), StandardCopyOption.REPLACE_EXISTING);
        Path file = dir.resolve(name);
        Files.writeString(file, "include \"base.conf\"\n" + body + "\n");
        return file;
    }
}
