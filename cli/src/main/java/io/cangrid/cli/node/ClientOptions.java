package io.cangrid.cli.node;

import io.cangrid.cli.common.UserError;
import io.cangrid.live.NetConfig;
import io.cangrid.live.TlsFiles;
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

    @Option(names = "--tls-trust", paramLabel = "FILE",
            description = "PEM certificates to trust when the grid's nodes use TLS (clients: enables TLS; nodes:"
                    + " default is their own --tls-cert).")
    Path tlsTrust;

    NetConfig netConfig() {
        NetConfig config = NetConfig.of(grid, SecretFile.load(SecretFile.resolve(secretFile), false));
        try {
            return tlsTrust == null ? config : TlsFiles.applyClient(config, tlsTrust);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
    }
}
