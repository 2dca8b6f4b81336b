package io.cangrid.jobs;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A file too large to travel inside a job's messages, named by its content: its size, the SHA-256 of the
 * whole file, and the SHA-256 of its manifest, the list of the SHA-256 of each of its chunks of
 * {@link #CHUNK_BYTES} (the last one shorter). The chunks and the manifest travel separately, each checked
 * against its hash where it arrives; so any node holding a chunk can serve it, and a transfer cut off goes
 * on from the chunks already there.
 *
 * @param sha256   of the whole file: checked again when the file is put together
 * @param manifest of the manifest: its chunks' hashes, 32 bytes each, in order
 */
public record FileRef(String name, long size, byte[] sha256, byte[] manifest) {

    /**
     * The size of a chunk: one chunk and its message's header fit the grid's default frame (1 MiB), and a
     * manifest is one chunk, so a file has at most {@link #MAX_CHUNKS} chunks.
     */
    public static final int CHUNK_BYTES = 512 * 1024;
    public static final int HASH_BYTES = 32;
    public static final int MAX_CHUNKS = CHUNK_BYTES / HASH_BYTES;
    public static final long MAX_FILE_BYTES = (long) MAX_CHUNKS * CHUNK_BYTES;

    public FileRef {
        JobCommand.checkFileName(name, "input or output file");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(manifest, "manifest");
        if (sha256.length != HASH_BYTES || manifest.length != HASH_BYTES) {
            throw new IllegalArgumentException("file " + name + ": its hashes must be SHA-256 (" + HASH_BYTES
                    + " bytes)");
        }
        if (size < 0 || size > MAX_FILE_BYTES) {
            throw new IllegalArgumentException("file " + name + " has " + size + " bytes; a file has 0 to "
                    + MAX_FILE_BYTES + " bytes");
        }
        sha256 = sha256.clone();
        manifest = manifest.clone();
    }

    @Override
    public byte[] sha256() {
        return sha256.clone();
    }

    @Override
    public byte[] manifest() {
        return manifest.clone();
    }

    /** How many chunks the file has: its manifest has this many hashes. */
    public int chunks() {
        return (int) ((size + CHUNK_BYTES - 1) / CHUNK_BYTES);
    }

    /** The size of chunk {@code i}. */
    public int chunkSize(int i) {
        long rest = size - (long) i * CHUNK_BYTES;
        return (int) Math.min(CHUNK_BYTES, rest);
    }

    public String sha256Hex() {
        return HexFormat.of().formatHex(sha256);
    }

    /** The same content under another name (an output's name where it is written). */
    public FileRef named(String other) {
        return new FileRef(other, size, sha256, manifest);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FileRef f && f.name.equals(name) && f.size == size && Arrays.equals(f.sha256, sha256)
                && Arrays.equals(f.manifest, manifest);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, size, Arrays.hashCode(sha256));
    }

    @Override
    public String toString() {
        return name + " (" + size + " bytes, sha256 " + sha256Hex().substring(0, 12) + "…)";
    }
}
