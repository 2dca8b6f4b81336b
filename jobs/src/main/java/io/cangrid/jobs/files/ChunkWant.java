package io.cangrid.jobs.files;

import io.cangrid.overlay.ClientRequest;
import io.cangrid.overlay.NodeId;

/**
 * Asks a node for the chunk (or manifest) {@code hash}; it answers with {@link ChunkGive}. A client may
 * name {@code holders}, nodes that hold it (a job's run node, for its outputs), which the node asked
 * fetches it from when it lacks it; from a node, {@code holders} is ignored.
 */
public record ChunkWant(long ticket, byte[] hash, NodeId[] holders) implements FileMessage, ClientRequest {

    public static final int MAX_HOLDERS = 8;
}
