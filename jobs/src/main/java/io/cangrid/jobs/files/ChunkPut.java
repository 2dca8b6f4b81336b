package io.cangrid.jobs.files;

import io.cangrid.overlay.ClientRequest;

/** Client → its node: keep this chunk of a file a job of the client's will take; answered by {@link ChunkPutReply}. */
public record ChunkPut(long ticket, byte[] hash, byte[] data) implements FileMessage, ClientRequest {

    @Override
    public Access access() {
        return Access.SUBMIT;
    }
}
