package io.cangrid.jobs.files;

/** Whether the node keeps the chunk: {@code error} null when it does, else why not. */
public record ChunkPutReply(long ticket, String error) implements FileMessage {
}
