package io.cangrid.jobs.files;

import io.cangrid.overlay.ClientRequest;

/**
 * Client → its node: which of these chunks (SHA-256, 32 bytes each, at most {@link #MAX_HASHES}) do you
 * lack? So an upload sends only those: nothing twice, and after a cut connection only the rest.
 */
public record ChunkCheck(long ticket, byte[] hashes) implements FileMessage, ClientRequest {

    public static final int MAX_HASHES = 4096;

    @Override
    public Access access() {
        return Access.SUBMIT;
    }
}
