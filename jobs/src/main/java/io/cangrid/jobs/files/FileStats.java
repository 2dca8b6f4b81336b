package io.cangrid.jobs.files;

/**
 * What a node's file transfers moved since it started.
 *
 * @param servedBytes   chunk bytes it sent to nodes and clients
 * @param fetchedBytes  chunk bytes it fetched from other nodes (checked and kept)
 * @param uploadedBytes chunk bytes clients put to it
 * @param storedBytes   what its chunk store holds now
 * @param badChunks     chunks it refused because their content did not match their hash
 */
public record FileStats(long ticket, long servedBytes, long fetchedBytes, long uploadedBytes, long storedBytes,
        int storedChunks, long badChunks) implements FileMessage {
}
