package io.cangrid.jobs.files;

import io.cangrid.jobs.FileRef;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;

/**
 * A file on local disk cut into chunks: read one chunk at a time, so a file of any size passes through a
 * chunk's worth of memory. The file and its manifest, as {@link FileRef} names them.
 */
public record LocalFile(FileRef ref, byte[] manifest) {

    /** Told each chunk as it is read (a store keeps it; a client only counts it). */
    @FunctionalInterface
    public interface ChunkSink {
        void accept(byte[] hash, byte[] data) throws IOException;
    }

    /**
     * Reads {@code file} once, chunk by chunk, naming it {@code name}; {@code sink} gets each chunk.
     *
     * @throws IOException when the file cannot be read, is larger than a file may be, or is a link
     */
    public static LocalFile describe(Path file, String name, ChunkSink sink) throws IOException {
        MessageDigest whole = Hashes.sha256();
        MessageDigest list = Hashes.sha256();
        java.io.ByteArrayOutputStream manifest = new java.io.ByteArrayOutputStream();
        long size = 0;
        try (InputStream in = java.nio.channels.Channels.newInputStream(
                FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
            while (true) {
                byte[] chunk = in.readNBytes(FileRef.CHUNK_BYTES);
                if (chunk.length == 0) {
                    break;
                }
                size += chunk.length;
                if (size > FileRef.MAX_FILE_BYTES) {
                    throw new IOException(file + " is larger than a file may be (" + FileRef.MAX_FILE_BYTES + " bytes)");
                }
                whole.update(chunk);
                byte[] hash = Hashes.of(chunk);
                manifest.write(hash);
                list.update(hash);
                if (sink != null) {
                    sink.accept(hash, chunk);
                }
                if (chunk.length < FileRef.CHUNK_BYTES) {
                    break;
                }
            }
        }
        byte[] m = manifest.toByteArray();
        return new LocalFile(new FileRef(name, size, whole.digest(), list.digest()), m);
    }

    /** Chunk {@code index} of {@code file}, checked against {@code hash}: a file changed since it was described fails. */
    public static byte[] readChunk(FileChannel file, FileRef ref, int index, byte[] hash) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(ref.chunkSize(index));
        long at = (long) index * FileRef.CHUNK_BYTES;
        while (buf.hasRemaining()) {
            int n = file.read(buf, at + buf.position());
            if (n < 0) {
                throw new IOException(ref.name() + " is shorter than when it was read first: it changed meanwhile");
            }
        }
        if (!Hashes.matches(hash, buf.array())) {
            throw new IOException(ref.name() + " changed since it was read first (chunk " + index + ")");
        }
        return buf.array();
    }
}
