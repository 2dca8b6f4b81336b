package io.cangrid.cli.node;

import io.cangrid.cli.common.UserError;
import io.cangrid.live.AdmissionToken;
import io.cangrid.live.CredentialException;
import io.cangrid.live.KeyFile;
import io.cangrid.live.LiveClient;
import io.cangrid.live.NetConfig;
import io.cangrid.live.NodeKey;
import io.cangrid.live.Role;
import io.cangrid.live.client.GridClient;
import io.cangrid.live.TlsFiles;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * What every command that talks to a node needs: the grid's name, how it admits (its shared secret, or an
 * admission token of its authority) and the client's own key.
 */
public final class ClientOptions {

    @Option(names = "--token", paramLabel = "FILE", defaultValue = "${env:" + TokenFile.ENV + "}",
            description = "An admission token of the grid's authority (`cangrid grid token`; default:"
                    + " $" + TokenFile.ENV + "); without one, the grid's shared secret is used.")
    Path token;

    @Option(names = "--key-file", paramLabel = "FILE",
            description = "This client's own key (default: ~/.config/cangrid/client.key, made on first use)."
                    + " A node keeps its key in its work directory.")
    Path keyFile;

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
        return netConfig(Role.READ);
    }

    /** The settings of a client that needs {@code role} (a submit token also reads). */
    NetConfig netConfig(Role role) {
        NetConfig config;
        if (token != null) {
            AdmissionToken t = TokenFile.load(token, role);
            if (!grid.equals(NetConfig.DEFAULT_GRID) && !grid.equals(t.grid())) {
                throw new CredentialException("token " + token + " is for grid '" + t.grid() + "', --grid says '"
                        + grid + "'");
            }
            config = NetConfig.of(t.grid(), t);
        } else {
            config = NetConfig.of(grid, SecretFile.load(SecretFile.resolve(secretFile), false));
        }
        try {
            return tlsTrust == null ? config : TlsFiles.applyClient(config, tlsTrust);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /** This client's own key, made on first use. */
    NodeKey key() {
        return KeyFile.loadOrCreate(keyFile != null ? keyFile
                : Path.of(System.getProperty("user.home"), ".config", "cangrid", "client.key"));
    }

    /** A client of the node at {@code host:port} for what needs {@code role}. */
    GridClient gridClient(Role role, String host, int port) {
        return new GridClient(netConfig(role), key(), host, port);
    }

    LiveClient liveClient() {
        return new LiveClient(netConfig(), key());
    }
}
