package io.cangrid.cli.node;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where this machine keeps the clusters it submitted (see {@link io.cangrid.cli.submit.ClusterRecord}). */
public final class ClusterOptions {

    static final String ENV = "CANGRID_CLUSTERS_DIR";

    @Option(names = "--clusters-dir", paramLabel = "DIR", defaultValue = "${env:" + ENV + "}",
            description = "Where this machine keeps the clusters it submitted (default: $" + ENV + ", else"
                    + " ~/.local/state/cangrid/clusters).")
    Path dir;

    Path dir() {
        if (dir != null) {
            return dir;
        }
        String state = System.getenv("XDG_STATE_HOME");
        Path base = state != null && !state.isBlank() ? Path.of(state)
                : Path.of(System.getProperty("user.home"), ".local", "state");
        return base.resolve("cangrid").resolve("clusters");
    }
}
