package io.cangrid.cli;

import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What tests of client commands against live nodes in this JVM share: a secret file the commands read, a
 * grid started under it, commands run with it, and the grid thrown away after each test, pass or fail.
 */
abstract class LoopbackGridWithSecret {

    @TempDir
    Path dir;

    LoopbackGrid grid;
    Path secretFile;

    /** Starts {@code nodes} nodes that all run under {@code policy}, heartbeats every 500 ms. */
    void startGrid(int nodes, ExecPolicy policy) throws Exception {
        secretFile = dir.resolve("secret");
        grid = LoopbackGrid.start(nodes, SecretFile.load(secretFile, true), dir, policy, 200,
                JobConfig.withHeartbeat(500), JobEvents.NONE, 1);
    }

    @AfterEach
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    /** Runs a client command with the grid's secret, given right after the command's name. */
    CliRun cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(1, List.of("--secret-file", secretFile.toString()));
        return CliRun.run(all.toArray(String[]::new));
    }
}
