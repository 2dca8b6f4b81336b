package io.cangrid.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.cli.demo.LocalGrid;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tests on a grid of {@code cangrid node} processes share: the packaged jar they start, a
 * temporary directory for the grid, client commands run against it under its secret, and the guarantee
 * that every node process is stopped at the end, pass or fail.
 */
abstract class LocalGridProcesses {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Path JAR = Path.of("target", "cangrid.jar");

    @TempDir
    Path dir;

    LocalGrid grid;

    @AfterEach
    void stopEverything() throws InterruptedException {
        if (grid != null) {
            grid.close();
        }
    }

    /** Runs a client command with the grid's secret, given before any {@code --} of the command. */
    CliRun cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(1, List.of("--secret-file", grid.secret().toString()));
        return CliRun.run(all.toArray(String[]::new));
    }

    /** What the nodes logged about the jobs of a {@code wait --json} report that did not complete. */
    String unfinishedLogs(JsonNode report, int nodes) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (JsonNode job : report.get("jobs")) {
            if (!job.get("state").asText().equals("COMPLETED")) {
                String id = job.get("job").asText();
                String key = id.substring(0, id.indexOf('@'));
                for (int i = 0; i < nodes; i++) {
                    for (String line : grid.log(i).split("\\R")) {
                        if (line.contains(key)) {
                            sb.append("\nnode ").append(i).append(": ").append(line);
                        }
                    }
                }
            }
        }
        return sb.toString();
    }
}
