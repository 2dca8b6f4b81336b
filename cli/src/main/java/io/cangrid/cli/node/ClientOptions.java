package io.cangrid.cli.node;

import io.cangrid.overlay.net.NetConfig;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** What every command that talks to a node needs: the grid's name and where its secret is. */
public final class ClientOptions {

    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "The grid's secret (default: $CANGRID_SECRET_FILE, else ~/.config/cangrid/secret).")
    Path secretFile;

    @Option(names = "--grid", paramLabel = "NAME", defaultValue = NetConfig.DEFAULT_GRID,
            description = "The grid's name (default: ${DEFAULT-VALUE}).")
    String grid;

    NetConfig netConfig() {
        return NetConfig.of(grid, SecretFile.load(SecretFile.resolve(secretFile), false));
    }
}
