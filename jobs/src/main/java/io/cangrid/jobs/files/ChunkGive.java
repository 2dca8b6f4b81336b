package io.cangrid.jobs.files;

/** The chunk {@code hash} asked for, or null {@code data} and why not. Its receiver checks it against {@code hash}. */
public record ChunkGive(long ticket, byte[] hash, byte[] data, String error) implements FileMessage {
}
