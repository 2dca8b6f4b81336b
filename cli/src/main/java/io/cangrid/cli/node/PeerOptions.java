package io.cangrid.cli.node;

import io.cangrid.cli.common.HostPort;

import java.io.IOException;

import io.cangrid.cli.common.UserError;
import io.cangrid.cli.grid.GridDocuments;
import io.cangrid.live.Role;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.JobId;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What the job commands share: the node to talk to (any node of the grid) and the grid's secret. */
public final class PeerOptions {

    @Mixin
    ClientOptions client;

    @Option(names = "--peer", paramLabel = "HOST:PORT", defaultValue = "${env:CANGRID_PEER}",
            description = "Any node of the grid (default: $CANGRID_PEER).")
    String peer;

    HostPort peer() {
        if (peer == null || peer.isBlank()) {
            throw new UserError("no node to talk to: give --peer HOST:PORT or set CANGRID_PEER");
        }
        try {
            return HostPort.parse(peer);
        } catch (IllegalArgumentException e) {
            throw new UserError("--peer " + e.getMessage());
        }
    }

    /** A client for what needs {@code role}: a submit token for changes, any token for questions. */
    GridClient connect(Role role) {
        HostPort at = peer();
        return client.gridClient(role, at.host(), at.port());
    }

    GridClient connect() {
        return connect(Role.READ);
    }

    /** One request of the peer, over a connection of its own; a failure to reach it is the user's to fix. */
    <T> T call(Request<T> request) {
        return call(Role.READ, request);
    }

    /** {@link #call(Request)} for a request that needs {@code role}. */
    <T> T call(Role role, Request<T> request) {
        try (GridClient grid = connect(role)) {
            return request.of(grid);
        } catch (IOException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /** What one command asks of the grid through its client. */
    interface Request<T> {
        T of(GridClient grid) throws IOException;
    }

    static JobId jobId(String text) {
        try {
            return GridDocuments.liveJobId(text.trim());
        } catch (IllegalArgumentException e) {
            throw new UserError("'" + text + "' is not a job id: " + e.getMessage());
        }
    }
}
