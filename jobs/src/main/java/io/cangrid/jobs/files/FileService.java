package io.cangrid.jobs.files;

import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.exec.RunFiles;
import io.cangrid.jobs.gateway.GatewayFiles;
import io.cangrid.overlay.LogText;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live node's file transfers. It serves the chunks its store holds to any member or client that asks,
 * keeps the chunks clients upload, fetches what its runs lack from the nodes that hold it (a few chunks
 * in flight at a time, each checked against its hash, one fetch per chunk however many runs wait for it),
 * and keeps large outputs until they are fetched. Disk and waiting happen on threads of its own, never on
 * the node's thread; every message it sends goes out through {@link NodeContext#post}.
 *
 * <p>A transfer cut off (a connection broken, a holder restarted) is asked again, of the next holder or
 * after a pause of the same one, for a bounded time; the chunks that arrived stay, so it goes on from there.
 * A holder that gives a chunk whose content is not its hash is refused, the chunk asked of another, and
 * the holder reported after {@value #BAD_REPORT} such chunks.
 */
public final class FileService implements RunFiles, GatewayFiles {

    private static final Logger log = LoggerFactory.getLogger(FileService.class);

    /** Chunks one file transfer has in flight: enough to fill a link, few enough to keep memory small. */
    static final int WINDOW = 8;
    static final long ASK_TIMEOUT_MILLIS = 10_000;
    /** How often all holders are asked in turn before a chunk is given up, and the pause between rounds. */
    static final int ROUNDS = 30;
    static final long ROUND_PAUSE_MILLIS = 2_000;
    /** Requests of others waiting for the disk at most; more are answered "busy" and asked again. */
    static final int MAX_WAITING_REQUESTS = 32;
    static final int BAD_REPORT = 3;
    static final String BUSY = "busy";

    private record Asked(NodeId holder, CompletableFuture<ChunkGive> answer) {
    }

    private final NodeContext ctx;
    private final ChunkStore store;
    private final FileQuotas quotas;
    private final ThreadPoolExecutor serving;
    private final ExecutorService work;
    private final ScheduledExecutorService timers;
    private final Map<Long, Asked> asked = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<Void>> inflight = new ConcurrentHashMap<>();
    private final Map<Long, AtomicInteger> badFrom = new ConcurrentHashMap<>();
    /** The held names of the input copies this node makes for jobs it follows, until those jobs end. */
    private final Set<String> copies = ConcurrentHashMap.newKeySet();
    private final Deque<String> results = new ArrayDeque<>();
    private final AtomicLong tickets;
    private final LongAdder served = new LongAdder();
    private final LongAdder fetched = new LongAdder();
    private final LongAdder uploaded = new LongAdder();
    private final LongAdder bad = new LongAdder();

    /** Created on the node's thread, with the node's context. */
    public FileService(NodeContext ctx, ChunkStore store, FileQuotas quotas) {
        this.ctx = ctx;
        this.store = store;
        this.quotas = quotas;
        this.tickets = new AtomicLong(ctx.random().nextLong() & Long.MAX_VALUE >>> 1);
        this.serving = new ThreadPoolExecutor(2, 2, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(MAX_WAITING_REQUESTS), daemon("cangrid-files-serve"));
        this.serving.allowCoreThreadTimeOut(true);
        ThreadPoolExecutor own = new ThreadPoolExecutor(2, 2, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                daemon("cangrid-files"));
        own.allowCoreThreadTimeOut(true);
        this.work = own;
        ScheduledThreadPoolExecutor clock = new ScheduledThreadPoolExecutor(1, daemon("cangrid-files-timer"));
        clock.setKeepAliveTime(30, TimeUnit.SECONDS);
        clock.allowCoreThreadTimeOut(true);
        clock.setRemoveOnCancelPolicy(true);
        this.timers = clock;
    }

    public ChunkStore store() {
        return store;
    }

    /** Stops the transfer threads: the node is gone. */
    public void close() {
        serving.shutdownNow();
        work.shutdownNow();
        timers.shutdownNow();
    }

    // ---- messages (on the node's thread) ---------------------------------------------------------------

    @Override
    public boolean receive(NodeId from, Message message) {
        if (!(message instanceof FileMessage m)) {
            return false;
        }
        if (m instanceof ChunkWant w) {
            if (!isHash(w.hash())) {
                ctx.send(from, new ChunkGive(w.ticket(), null, null, "a chunk is named by its SHA-256 (32 bytes)"));
            } else {
                serve(from, () -> want(from, w), new ChunkGive(w.ticket(), w.hash(), null, BUSY));
            }
        } else if (m instanceof ChunkGive g) {
            Asked a = asked.get(g.ticket());
            if (a != null && a.holder().value() == from.value()) {
                asked.remove(g.ticket());
                a.answer().complete(g);
            } else {
                log.debug("{}: an answer nobody waits for from {}", ctx.self().shortName(), from);
            }
        } else if (m instanceof ChunkPut p) {
            if (!isHash(p.hash()) || p.data() == null || p.data().length > FileRef.CHUNK_BYTES) {
                ctx.send(from, new ChunkPutReply(p.ticket(), "a chunk is its SHA-256 (32 bytes) and at most "
                        + FileRef.CHUNK_BYTES + " bytes"));
            } else {
                serve(from, () -> put(from, p), new ChunkPutReply(p.ticket(), BUSY));
            }
        } else if (m instanceof ChunkCheck c) {
            ctx.send(from, check(c));
        } else if (m instanceof FileStatsQuery q) {
            ctx.send(from, stats(q.ticket()));
        } else {
            log.debug("{}: a file message it does not answer from {}: {}", ctx.self().shortName(), from,
                    m.getClass().getSimpleName());
        }
        return true;
    }

    public FileStats stats(long ticket) {
        return new FileStats(ticket, served.sum(), fetched.sum(), uploaded.sum(), store.bytes(), store.count(),
                bad.sum());
    }

    private static boolean isHash(byte[] h) {
        return h != null && h.length == FileRef.HASH_BYTES;
    }

    private void serve(NodeId from, Runnable job, FileMessage busy) {
        try {
            serving.execute(job);
        } catch (RejectedExecutionException e) {
            ctx.send(from, busy);
        }
    }

    private void reply(NodeId to, Message m) {
        ctx.post(() -> ctx.send(to, m));
    }

    private ChunkCheckReply check(ChunkCheck c) {
        byte[] all = c.hashes();
        if (all == null || all.length % FileRef.HASH_BYTES != 0
                || all.length / FileRef.HASH_BYTES > ChunkCheck.MAX_HASHES) {
            return new ChunkCheckReply(c.ticket(), null, "a check lists at most " + ChunkCheck.MAX_HASHES
                    + " SHA-256 hashes of 32 bytes each");
        }
        int n = all.length / FileRef.HASH_BYTES;
        int[] missing = new int[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (!store.has(Arrays.copyOfRange(all, i * FileRef.HASH_BYTES, (i + 1) * FileRef.HASH_BYTES))) {
                missing[k++] = i;
            }
        }
        return new ChunkCheckReply(c.ticket(), Arrays.copyOf(missing, k), null);
    }

    /** On a serving thread. */
    private void put(NodeId from, ChunkPut p) {
        String error = null;
        try {
            store.put(p.hash(), p.data());
            uploaded.add(p.data().length);
        } catch (BadChunkException e) {
            bad.increment();
            error = e.getMessage();
        } catch (IOException e) {
            log.warn("{}: cannot keep an uploaded chunk: {}", ctx.self().shortName(), e.toString());
            error = "the node cannot keep the chunk: " + e.getMessage();
        }
        reply(from, new ChunkPutReply(p.ticket(), error));
    }

    /** On a serving thread. */
    private void want(NodeId from, ChunkWant w) {
        byte[] data = read(w.hash());
        NodeId[] holders = w.holders();
        if (data == null && !from.hasAddress() && holders != null && holders.length > 0) {
            // A client asks for what a node of the grid holds: fetched here, then given.
            List<NodeId> reachable = new ArrayList<>();
            for (NodeId h : Arrays.copyOf(holders, Math.min(holders.length, ChunkWant.MAX_HOLDERS))) {
                if (h != null && h.hasAddress() && h.value() != ctx.self().value()) {
                    reachable.add(h);
                }
            }
            if (!reachable.isEmpty()) {
                fetchChunk(w.hash(), reachable).whenCompleteAsync((v, e) -> give(from, w,
                        e == null ? read(w.hash()) : null, e == null ? null : e.getMessage()), work);
                return;
            }
        }
        give(from, w, data, null);
    }

    private byte[] read(byte[] hash) {
        try {
            return store.read(hash);
        } catch (IOException e) {
            log.warn("{}: cannot read chunk {}: {}", ctx.self().shortName(), Hashes.hex(hash), e.toString());
            return null;
        }
    }

    private void give(NodeId to, ChunkWant w, byte[] data, String why) {
        if (data != null) {
            served.add(data.length);
        }
        reply(to, new ChunkGive(w.ticket(), w.hash(), data, data != null ? null
                : why != null ? why : "node " + ctx.self().shortName() + " does not hold chunk " + Hashes.hex(w.hash())));
    }

    // ---- fetching ----------------------------------------------------------------------------------------

    /** Fetches the chunk from {@code holders} unless it is here; one fetch however many wait for it. */
    CompletableFuture<Void> fetchChunk(byte[] hash, List<NodeId> holders) {
        if (store.has(hash)) {
            return CompletableFuture.completedFuture(null);
        }
        String hex = Hashes.hex(hash);
        CompletableFuture<Void> mine = new CompletableFuture<>();
        CompletableFuture<Void> running = inflight.putIfAbsent(hex, mine);
        if (running != null) {
            return running;
        }
        mine.whenComplete((v, e) -> inflight.remove(hex, mine));
        attempt(hash, holders, 0, mine, "no node holds it");
        return mine;
    }

    private void attempt(byte[] hash, List<NodeId> holders, int n, CompletableFuture<Void> done, String lastError) {
        if (holders.isEmpty() || n >= holders.size() * ROUNDS) {
            done.completeExceptionally(new IOException("chunk " + Hashes.hex(hash).substring(0, 12)
                    + "… could not be fetched: " + lastError));
            return;
        }
        NodeId holder = holders.get(n % holders.size());
        long pause = n > 0 && n % holders.size() == 0 ? ROUND_PAUSE_MILLIS : 0;
        Runnable ask = () -> ask(holder, hash).whenCompleteAsync((give, failure) -> {
            if (failure != null) {
                attempt(hash, holders, n + 1, done, failure.getMessage());
            } else if (give.data() == null) {
                attempt(hash, holders, BUSY.equals(give.error()) ? n : n + 1, done, give.error());
            } else {
                try {
                    store.put(hash, give.data());
                    fetched.add(give.data().length);
                    done.complete(null);
                } catch (BadChunkException e) {
                    badChunk(holder, e);
                    attempt(hash, holders, n + 1, done, e.getMessage());
                } catch (IOException e) {
                    done.completeExceptionally(e);
                }
            }
        }, work);
        if (pause > 0) {
            timers.schedule(ask, pause, TimeUnit.MILLISECONDS);
        } else {
            ask.run();
        }
    }

    private void badChunk(NodeId holder, BadChunkException e) {
        bad.increment();
        int times = badFrom.computeIfAbsent(holder.value(), k -> new AtomicInteger()).incrementAndGet();
        if (times == BAD_REPORT || times % 100 == 0) {
            log.error("{}: node {} served {} chunks whose content does not match their hash; its chunks are"
                    + " asked of other holders", ctx.self().shortName(), holder, times);
        } else {
            log.warn("{}: refused a chunk from {}: {}", ctx.self().shortName(), holder, LogText.of(e.getMessage()));
        }
    }

    private CompletableFuture<ChunkGive> ask(NodeId holder, byte[] hash) {
        long ticket = tickets.incrementAndGet();
        CompletableFuture<ChunkGive> answer = new CompletableFuture<>();
        asked.put(ticket, new Asked(holder, answer));
        reply(holder, new ChunkWant(ticket, hash, new NodeId[0]));
        ScheduledFuture<?> timeout = timers.schedule(() -> {
            if (asked.remove(ticket) != null) {
                answer.completeExceptionally(new IOException("no answer from " + holder + " within "
                        + ASK_TIMEOUT_MILLIS + " ms"));
            }
        }, ASK_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        // The timeout holds the answer, chunk and all: it goes as soon as the answer is in.
        answer.whenComplete((g, e) -> timeout.cancel(false));
        return answer;
    }

    /** Fetches the file's manifest and the chunks this node lacks, {@value #WINDOW} at a time, held under {@code key}. */
    CompletableFuture<Void> fetchFile(FileRef file, List<NodeId> holders, String key) {
        store.pin(key, List.of(file.manifest()));
        return fetchChunk(file.manifest(), holders).thenComposeAsync(v -> {
            List<byte[]> chunks;
            try {
                byte[] manifest = store.read(file.manifest());
                if (manifest == null) {
                    throw new IOException("the manifest of " + file.name() + " went missing");
                }
                chunks = Hashes.chunksOf(file, manifest);
            } catch (IOException | BadChunkException e) {
                return CompletableFuture.failedFuture(e);
            }
            store.pinFile(key, file.manifest(), chunks);
            List<byte[]> missing = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (byte[] h : chunks) {
                if (seen.add(Hashes.hex(h)) && !store.has(h)) {
                    missing.add(h);
                }
            }
            return fetchAll(missing, holders);
        }, work);
    }

    private CompletableFuture<Void> fetchAll(List<byte[]> chunks, List<NodeId> holders) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (chunks.isEmpty()) {
            done.complete(null);
            return done;
        }
        AtomicInteger next = new AtomicInteger();
        AtomicInteger left = new AtomicInteger(chunks.size());
        Runnable[] pump = new Runnable[1];
        pump[0] = () -> {
            int i = next.getAndIncrement();
            if (i >= chunks.size() || done.isDone()) {
                return;
            }
            fetchChunk(chunks.get(i), holders).whenCompleteAsync((v, e) -> {
                if (e != null) {
                    done.completeExceptionally(e);
                } else if (left.decrementAndGet() == 0) {
                    done.complete(null);
                } else {
                    pump[0].run();
                }
            }, work);
        };
        for (int w = 0; w < WINDOW; w++) {
            pump[0].run();
        }
        return done;
    }

    // ---- the run node's side -------------------------------------------------------------------------

    @Override
    public String inputRefusal(JobCommand command) {
        long total = 0;
        for (FileRef f : command.files()) {
            total += f.size();
        }
        if (total > quotas.maxJobInput()) {
            return "its large inputs of " + total + " bytes exceed node " + ctx.self().shortName()
                    + "'s input quota of " + quotas.maxJobInput() + " bytes (grid.files.max-job-input)";
        }
        return null;
    }

    @Override
    public CompletableFuture<Void> fetch(String key, FileRef[] files, NodeId from) {
        List<NodeId> holders = List.of(from);
        CompletableFuture<?>[] all = new CompletableFuture<?>[files.length];
        for (int i = 0; i < files.length; i++) {
            all[i] = fetchFile(files[i], holders, key);
        }
        return CompletableFuture.allOf(all);
    }

    @Override
    public void place(FileRef file, Path target) throws IOException {
        byte[] manifest = store.read(file.manifest());
        if (manifest == null) {
            throw new IOException("the manifest of " + file.name() + " is not on this node");
        }
        List<byte[]> chunks;
        try {
            chunks = Hashes.chunksOf(file, manifest);
        } catch (BadChunkException e) {
            throw new IOException(e.getMessage(), e);
        }
        MessageDigest whole = Hashes.sha256();
        try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            for (byte[] h : chunks) {
                byte[] data = store.read(h);
                if (data == null) {
                    throw new IOException("chunk " + Hashes.hex(h).substring(0, 12) + "… of " + file.name()
                            + " is not on this node");
                }
                whole.update(data);
                out.write(data);
            }
        }
        if (!MessageDigest.isEqual(whole.digest(), file.sha256())) {
            Files.deleteIfExists(target);
            throw new IOException(file.name() + " put together from its chunks does not have the SHA-256 it was"
                    + " submitted with");
        }
    }

    @Override
    public FileRef keep(String key, Path path, String name) throws IOException {
        LocalFile local = LocalFile.describe(path, name, (hash, data) -> {
            store.pin(key, List.of(hash));
            try {
                store.put(hash, data);
            } catch (BadChunkException e) {
                throw new IllegalStateException("a chunk just hashed does not match its hash", e);
            }
        });
        store.pin(key, List.of(local.ref().manifest()));
        try {
            store.put(local.ref().manifest(), local.manifest());
        } catch (BadChunkException e) {
            throw new IllegalStateException("a manifest just hashed does not match its hash", e);
        }
        holdResult(key);
        return local.ref();
    }

    @Override
    public void release(String key) {
        store.unpin(key);
    }

    @Override
    public long maxJobOutputBytes() {
        return quotas.maxJobOutput();
    }

    /** Results' large outputs are held until more than the results quota is held; then the oldest go. */
    private void holdResult(String key) {
        synchronized (results) {
            if (!results.contains(key)) {
                results.addLast(key);
            }
            long total = 0;
            for (String k : results) {
                total += store.pinnedBytes(k);
            }
            while (total > quotas.resultsBytes() && results.size() > 1) {
                String oldest = results.removeFirst();
                total -= store.pinnedBytes(oldest);
                store.unpin(oldest);
                log.info("{}: let go of the outputs of {} (grid.files.results-size)", ctx.self().shortName(), oldest);
            }
        }
    }

    // ---- the gateway's side --------------------------------------------------------------------------

    private static String inputs(JobId job) {
        return "in:" + job;
    }

    @Override
    public String lacking(JobSpec spec) {
        JobCommand command = spec.command();
        if (command == null || command.files().length == 0) {
            return null;
        }
        for (FileRef f : command.files()) {
            try {
                byte[] manifest = store.read(f.manifest());
                if (manifest == null) {
                    return "input " + f.name() + " is not at this node: upload its chunks first (cangrid submit does)";
                }
                List<byte[]> chunks = Hashes.chunksOf(f, manifest);
                for (byte[] h : chunks) {
                    if (!store.has(h)) {
                        return "input " + f.name() + " is not whole at this node: upload its chunks first";
                    }
                }
            } catch (IOException | BadChunkException e) {
                return "input " + f.name() + ": " + e.getMessage();
            }
        }
        return null;
    }

    @Override
    public void keepAgain(JobProfile job) {
        JobCommand command = job.spec().command();
        if (command == null) {
            return;
        }
        for (FileRef f : command.files()) {
            try {
                byte[] manifest = store.read(f.manifest());
                if (manifest != null) {
                    store.pinFile(inputs(job.id()), f.manifest(), Hashes.chunksOf(f, manifest));
                }
            } catch (IOException | BadChunkException e) {
                log.warn("{}: input {} of job {} is no longer whole here: {}", ctx.self().shortName(), f.name(),
                        job.id(), e.getMessage());
            }
        }
    }

    @Override
    public void copyInputs(JobProfile job) {
        copy(job);
    }

    /** Completes when the copy of the job's large inputs is whole here; failed when it could not be made. */
    CompletableFuture<Void> copy(JobProfile job) {
        JobCommand command = job.spec().command();
        if (command == null || command.files().length == 0) {
            return CompletableFuture.completedFuture(null);
        }
        String over = inputRefusal(command);
        if (over != null) {
            // A member could name any files: a copy is bounded like a run's inputs.
            log.warn("{}: keeps no copy of the inputs of job {}: {}", ctx.self().shortName(), job.id(), over);
            return CompletableFuture.failedFuture(new IOException(over));
        }
        String key = inputs(job.id());
        copies.add(key);
        return fetch(key, command.files(), job.client()).whenComplete((v, e) -> {
            if (!copies.contains(key)) {
                // The job ended while its copy was on its way: what the copy held since is let go too.
                store.unpin(key);
            } else if (e != null) {
                log.warn("{}: could not copy the large inputs of job {} from {}: {}", ctx.self().shortName(),
                        job.id(), job.client(), LogText.of(String.valueOf(e.getMessage())));
            } else {
                log.info("{}: holds a copy of the large inputs of job {}, which it follows for {}",
                        ctx.self().shortName(), job.id(), job.client().shortName());
            }
        });
    }

    @Override
    public void release(JobId job) {
        copies.remove(inputs(job));
        store.unpin(inputs(job));
    }

    @Override
    public void pull(JobId job, JobOutput output, NodeId ranOn) {
        if (output == null || output.stored().length == 0 || ranOn == null || !ranOn.hasAddress()) {
            return;
        }
        String key = "out:" + job;
        for (FileRef f : output.stored()) {
            fetchFile(f, List.of(ranOn), key).whenComplete((v, e) -> {
                if (e != null) {
                    log.warn("{}: could not fetch output {} of job {} from {}: {}", ctx.self().shortName(), f.name(),
                            job, ranOn, LogText.of(String.valueOf(e.getMessage())));
                } else {
                    holdResult(key);
                }
            });
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
