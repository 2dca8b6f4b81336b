package io.cangrid.jobs.files;

import io.cangrid.overlay.ClientRequest;

/** Asks a node what its file transfers have moved; answered by {@link FileStats}. */
public record FileStatsQuery(long ticket) implements FileMessage, ClientRequest {
}
