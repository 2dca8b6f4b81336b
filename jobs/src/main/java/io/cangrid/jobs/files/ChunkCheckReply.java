package io.cangrid.jobs.files;

/** The positions, in the question's list, of the chunks the node lacks; or {@code error}. */
public record ChunkCheckReply(long ticket, int[] missing, String error) implements FileMessage {
}
