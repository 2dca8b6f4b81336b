package io.cangrid.live.client;

import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.files.BadChunkException;
import io.cangrid.jobs.files.ChunkCheck;
import io.cangrid.jobs.files.ChunkCheckReply;
import io.cangrid.jobs.files.ChunkGive;
import io.cangrid.jobs.files.ChunkPut;
import io.cangrid.jobs.files.ChunkPutReply;
import io.cangrid.jobs.files.ChunkWant;
import io.cangrid.jobs.files.Hashes;
import io.cangrid.jobs.files.LocalFile;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client's transfers of large files through its node: uploads send only the chunks the node lacks (so an
 * upload cut off goes on from where it stopped), downloads ask the node for each chunk and check it and the
 * whole file. A few chunks are in flight at once; each is asked again after a failure, a bounded number of
 * times, over the client's session (reopened when the node closed it).
 */
public final class FileTransfers {

    /** Told how many of a transfer's bytes are done. */
    @FunctionalInterface
    public interface Progress {
        void done(String name, long bytes, long total);

        Progress NONE = (name, bytes, total) -> {
        };
    }

    static final int WINDOW = 8;
    static final int ATTEMPTS = 8;
    static final long PAUSE_MILLIS = 500;
    static final Duration CHUNK_TIMEOUT = Duration.ofSeconds(60);

    private final GridClient client;
    private final SecureRandom random;

    FileTransfers(GridClient client, SecureRandom random) {
        this.client = client;
        this.random = random;
    }

    FileRef upload(Path path, String name, Progress progress) throws IOException {
        LocalFile local = LocalFile.describe(path, name, null);
        FileRef ref = local.ref();
        List<byte[]> chunks;
        try {
            chunks = Hashes.chunksOf(ref, local.manifest());
        } catch (BadChunkException e) {
            throw new IllegalStateException("a manifest just made does not match its file", e);
        }
        List<Integer> missing = missing(chunks);
        long total = 0;
        for (int i : missing) {
            total += ref.chunkSize(i);
        }
        long all = total;
        AtomicLong sent = new AtomicLong();
        progress.done(name, 0, all);
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            inParallel(missing, i -> {
                byte[] data = LocalFile.readChunk(ch, ref, i, chunks.get(i));
                put(chunks.get(i), data);
                progress.done(name, sent.addAndGet(data.length), all);
            });
        }
        put(ref.manifest(), local.manifest());
        return ref;
    }

    /** The chunks, by position, the node lacks. */
    private List<Integer> missing(List<byte[]> chunks) throws IOException {
        List<Integer> missing = new ArrayList<>();
        for (int from = 0; from < chunks.size(); from += ChunkCheck.MAX_HASHES) {
            int to = Math.min(chunks.size(), from + ChunkCheck.MAX_HASHES);
            byte[] hashes = new byte[(to - from) * FileRef.HASH_BYTES];
            for (int i = from; i < to; i++) {
                System.arraycopy(chunks.get(i), 0, hashes, (i - from) * FileRef.HASH_BYTES, FileRef.HASH_BYTES);
            }
            long ticket = random.nextLong();
            Message m = retried(() -> client.ask(new ChunkCheck(ticket, hashes), ticket, GridClient.ASK_TIMEOUT));
            if (!(m instanceof ChunkCheckReply r) || r.error() != null || r.missing() == null) {
                throw new IOException(client.where() + " did not say which chunks it lacks"
                        + (m instanceof ChunkCheckReply r2 && r2.error() != null ? ": " + r2.error() : ""));
            }
            for (int i : r.missing()) {
                if (i < 0 || i >= to - from) {
                    throw new IOException(client.where() + " named a chunk that was not asked about");
                }
                missing.add(from + i);
            }
        }
        return missing;
    }

    private void put(byte[] hash, byte[] data) throws IOException {
        for (int attempt = 1; ; attempt++) {
            long ticket = random.nextLong();
            Message m = retried(() -> client.ask(new ChunkPut(ticket, hash, data), ticket, CHUNK_TIMEOUT));
            if (m instanceof ChunkPutReply r && r.error() == null) {
                return;
            }
            String why = m instanceof ChunkPutReply r ? r.error() : "answered with " + m.getClass().getSimpleName();
            if (attempt >= ATTEMPTS * 4 || !"busy".equals(why)) {
                throw new IOException(client.where() + " did not keep a chunk: " + why);
            }
            pause();
        }
    }

    void download(FileRef file, List<NodeId> holders, Path target, Progress progress) throws IOException {
        NodeId[] from = holders.stream().filter(h -> h != null && h.hasAddress()).limit(ChunkWant.MAX_HOLDERS)
                .toArray(NodeId[]::new);
        List<byte[]> chunks;
        try {
            chunks = Hashes.chunksOf(file, want(file.manifest(), from));
        } catch (BadChunkException e) {
            throw new IOException(client.where() + " gave a bad manifest of " + file.name() + ": " + e.getMessage());
        }
        Path part = target.resolveSibling(target.getFileName() + ".part");
        Files.deleteIfExists(part);
        AtomicLong got = new AtomicLong();
        progress.done(file.name(), 0, file.size());
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            all.add(i);
        }
        try (FileChannel out = FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            inParallel(all, i -> {
                byte[] data = want(chunks.get(i), from);
                if (data.length != file.chunkSize(i)) {
                    throw new IOException("chunk " + i + " of " + file.name() + " has " + data.length + " bytes, not "
                            + file.chunkSize(i));
                }
                ByteBuffer buf = ByteBuffer.wrap(data);
                long at = (long) i * FileRef.CHUNK_BYTES;
                while (buf.hasRemaining()) {
                    out.write(buf, at + buf.position());
                }
                progress.done(file.name(), got.addAndGet(data.length), file.size());
            });
        }
        if (!Arrays.equals(sha256(part), file.sha256())) {
            Files.deleteIfExists(part);
            throw new IOException(file.name() + " came back with another SHA-256 than its run node gave");
        }
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The chunk {@code hash}, checked; asked again after a failure or a bad chunk. */
    private byte[] want(byte[] hash, NodeId[] holders) throws IOException {
        String last = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            long ticket = random.nextLong();
            try {
                Message m = client.ask(new ChunkWant(ticket, hash, holders), ticket, CHUNK_TIMEOUT);
                if (m instanceof ChunkGive g && g.data() != null && Hashes.matches(hash, g.data())) {
                    return g.data();
                }
                last = m instanceof ChunkGive g ? (g.data() == null ? g.error() : "a chunk that does not match its hash")
                        : "an answer of " + m.getClass().getSimpleName();
            } catch (IOException e) {
                last = e.getMessage();
            }
            pause();
        }
        throw new IOException(client.where() + " did not give chunk " + Hashes.hex(hash).substring(0, 12) + "…: " + last);
    }

    private static byte[] sha256(Path file) throws IOException {
        MessageDigest d = Hashes.sha256();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            int n;
            while ((n = in.read(buf)) > 0) {
                d.update(buf, 0, n);
            }
        }
        return d.digest();
    }

    private interface Question {
        Message ask() throws IOException;
    }

    private static Message retried(Question q) throws IOException {
        IOException last = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try {
                return q.ask();
            } catch (IOException e) {
                last = e;
                pause();
            }
        }
        throw last;
    }

    private static void pause() throws IOException {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    private interface ChunkWork {
        void run(int index) throws IOException;
    }

    /** Runs {@code work} for each index, {@value #WINDOW} at a time; the first failure fails all. */
    private static void inParallel(List<Integer> indices, ChunkWork work) throws IOException {
        if (indices.isEmpty()) {
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(WINDOW, indices.size()), r -> {
            Thread t = new Thread(r, "cangrid-transfer");
            t.setDaemon(true);
            return t;
        });
        try {
            AtomicLong next = new AtomicLong();
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < Math.min(WINDOW, indices.size()); w++) {
                running.add(pool.submit(() -> {
                    for (int k = (int) next.getAndIncrement(); k < indices.size(); k = (int) next.getAndIncrement()) {
                        work.run(indices.get(k));
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } finally {
            pool.shutdownNow();
        }
    }
}
