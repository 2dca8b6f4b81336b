package io.cangrid.jobs.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.JobCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fetching a file between nodes: every chunk checked, a bad one refused and asked of another holder, a
 * transfer cut off goes on from the chunks already here, and a chunk many runs wait for moves once.
 */
class FileServiceTest {

    private static final int CHUNKS = 6;

    @TempDir
    Path dir;

    /** A file of {@value #CHUNKS} chunks, kept by {@code holder}'s store as a client's upload would leave it. */
    private FileRef keptBy(WiredNodes.Node holder, long seed) throws Exception {
        byte[] content = new byte[CHUNKS * FileRef.CHUNK_BYTES - 100];
        new SplittableRandom(seed).nextBytes(content);
        Path f = dir.resolve("input-" + seed);
        Files.write(f, content);
        return holder.files.keep("upload", f, "input.bin");
    }

    private static boolean fetched(WiredNodes.Node node, FileRef ref, List<io.cangrid.overlay.NodeId> from) {
        try {
            node.files.fetchFile(ref, from, "run").get(60, TimeUnit.SECONDS);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    void aFileFetchedFromItsHolderIsPutTogetherWhole() throws Exception {
        try (WiredNodes grid = new WiredNodes(dir, 2, 1L << 30)) {
            FileRef ref = keptBy(grid.get(0), 1);
            assertThat(fetched(grid.get(1), ref, List.of(grid.get(0).id))).isTrue();
            Path placed = dir.resolve("placed");
            grid.get(1).files.place(ref, placed);
            assertThat(Files.size(placed)).isEqualTo(ref.size());
            assertThat(grid.get(1).files.stats(0).fetchedBytes()).as("the file and its manifest")
                    .isEqualTo(ref.size() + (long) ref.chunks() * FileRef.HASH_BYTES);
        }
    }

    @Test
    void aHolderServingBadChunksIsRefusedAndTheChunksComeFromAnother() throws Exception {
        try (WiredNodes grid = new WiredNodes(dir, 3, 1L << 30)) {
            FileRef ref = keptBy(grid.get(0), 2);
            // Node 1 holds the same file, but serves garbage for every chunk asked of it.
            keptBy(grid.get(1), 2);
            grid.get(1).outgoing = (to, m) -> m instanceof ChunkGive g && g.data() != null
                    ? new ChunkGive(g.ticket(), g.hash(), new byte[g.data().length], null) : m;
            assertThat(fetched(grid.get(2), ref, List.of(grid.get(1).id, grid.get(0).id))).isTrue();
            FileStats stats = grid.get(2).files.stats(0);
            assertThat(stats.badChunks()).as("chunks refused from the hostile holder").isGreaterThanOrEqualTo(1);
            assertThat(stats.fetchedBytes()).as("only checked chunks are kept").isEqualTo(ref.size()
                    + (long) ref.chunks() * FileRef.HASH_BYTES);
            Path placed = dir.resolve("placed");
            grid.get(2).files.place(ref, placed);
            assertThat(Hashes.of(Files.readAllBytes(placed))).isEqualTo(ref.sha256());
        }
    }

    @Test
    void aCutTransferGoesOnWithoutFetchingAgainWhatArrived() throws Exception {
        try (WiredNodes grid = new WiredNodes(dir, 2, 1L << 30)) {
            FileRef ref = keptBy(grid.get(0), 3);
            // The link breaks after the manifest and two chunks have gone out.
            AtomicInteger given = new AtomicInteger();
            grid.get(0).outgoing = (to, m) -> m instanceof ChunkGive && given.incrementAndGet() > 3 ? null : m;
            var first = grid.get(1).files.fetchFile(ref, List.of(grid.get(0).id), "run");
            long deadline = System.currentTimeMillis() + 10_000;
            while (grid.get(1).files.stats(0).fetchedBytes() < 2L * FileRef.CHUNK_BYTES
                    && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            first.cancel(true);
            long before = grid.get(0).files.stats(0).servedBytes();
            grid.get(0).outgoing = (to, m) -> m;
            assertThat(fetched(grid.get(1), ref, List.of(grid.get(0).id))).isTrue();
            long again = grid.get(0).files.stats(0).servedBytes() - before;
            // Only what had not arrived goes out again: the chunks lost on the broken link, and those never asked.
            assertThat(again).as("served after the cut").isLessThanOrEqualTo(ref.size() - 2L * FileRef.CHUNK_BYTES);
        }
    }

    @Test
    void aChunkManyRunsWaitForIsFetchedOnce() throws Exception {
        try (WiredNodes grid = new WiredNodes(dir, 2, 1L << 30)) {
            FileRef ref = keptBy(grid.get(0), 4);
            var runs = new java.util.ArrayList<java.util.concurrent.CompletableFuture<Void>>();
            for (int i = 0; i < 10; i++) {
                runs.add(grid.get(1).files.fetchFile(ref, List.of(grid.get(0).id), "run-" + i));
            }
            java.util.concurrent.CompletableFuture.allOf(runs.toArray(java.util.concurrent.CompletableFuture[]::new))
                    .get(60, TimeUnit.SECONDS);
            assertThat(grid.get(0).files.stats(0).servedBytes()).isEqualTo(ref.size()
                    + (long) ref.chunks() * FileRef.HASH_BYTES);
        }
    }

    /** A job taken by {@code took} whose command reads {@code ref}. */
    private static io.cangrid.jobs.JobProfile jobWith(FileRef ref, WiredNodes.Node took) {
        io.cangrid.jobs.JobSpec spec = io.cangrid.jobs.JobSpec.of(io.cangrid.overlay.resource.Requirements.none(2), 1)
                .withCommand(JobCommand.of("sha256sum", ref.name()).withFiles(ref));
        return new io.cangrid.jobs.JobProfile(new io.cangrid.jobs.JobId(7, io.cangrid.overlay.Point.of(0.5, 0.5)),
                spec, took.id, 0, 1);
    }

    @Test
    void aFollowersCopyOfTheInputsServesTheRunAfterTheNodeThatTookTheJobIsGone() throws Exception {
        try (WiredNodes grid = new WiredNodes(dir, 3, 1L << 30)) {
            FileRef ref = keptBy(grid.get(0), 6);
            io.cangrid.jobs.JobProfile job = jobWith(ref, grid.get(0));
            grid.get(1).files.copy(job).get(60, TimeUnit.SECONDS);
            // Node 0, which took the job, dies: nothing it would send arrives any more.
            grid.get(0).outgoing = (to, m) -> null;
            // Node 1 submits the job again as its client; the run node fetches the inputs from it alone.
            assertThat(fetched(grid.get(2), ref, List.of(grid.get(1).id))).isTrue();
            Path placed = dir.resolve("placed");
            grid.get(2).files.place(ref, placed);
            assertThat(Hashes.of(Files.readAllBytes(placed))).isEqualTo(ref.sha256());
            grid.get(1).files.release(job.id());
            assertThat(grid.get(1).files.store().pinnedBytes("in:" + job.id())).as("let go when the job ends")
                    .isZero();
        }
    }

    @Test
    void aCopyWhoseJobEndsBeforeItArrivesHoldsNothingOnceItDoes() throws Exception {
        try (WiredNodes grid = new WiredNodes(dir, 2, 1L << 30)) {
            FileRef ref = keptBy(grid.get(0), 8);
            io.cangrid.jobs.JobProfile job = jobWith(ref, grid.get(0));
            var copy = grid.get(1).files.copy(job);
            grid.get(1).files.release(job.id());
            copy.get(60, TimeUnit.SECONDS);
            assertThat(grid.get(1).files.store().pinnedBytes("in:" + job.id())).isZero();
        }
    }

    @Test
    void aCopyOverTheInputQuotaIsNotMade() throws Exception {
        try (WiredNodes grid = new WiredNodes(dir, 2, 1L << 30)) {
            FileRef ref = keptBy(grid.get(0), 7);
            FileService small = new FileService(grid.get(1), new ChunkStore(dir.resolve("small"), 1L << 30),
                    new FileQuotas(1L << 30, 1L << 30, 1000, 1000));
            var copy = small.copy(jobWith(ref, grid.get(0)));
            assertThat(copy).isCompletedExceptionally();
            assertThat(small.stats(0).fetchedBytes()).isZero();
            small.close();
        }
    }

    @Test
    void aJobOverTheNodesInputQuotaIsRefusedNamingIt() throws Exception {
        try (WiredNodes grid = new WiredNodes(dir, 1, 1L << 30)) {
            FileRef ref = keptBy(grid.get(0), 5);
            FileService small = new FileService(grid.get(0), grid.get(0).files.store(),
                    new FileQuotas(1L << 30, 1L << 30, 1000, 1000));
            String why = small.inputRefusal(JobCommand.of("sh").withFiles(ref));
            small.close();
            assertThat(why).contains("input quota").contains("grid.files.max-job-input");
        }
    }

    @Test
    void malformedRequestsAreAnsweredWithAnErrorAndChangeNothing() throws Exception {
        try (WiredNodes grid = new WiredNodes(dir, 1, 1L << 30)) {
            WiredNodes.Node node = grid.get(0);
            node.fromClient(new ChunkWant(1, new byte[3], null));
            node.fromClient(new ChunkPut(2, new byte[32], new byte[10]));
            node.fromClient(new ChunkCheck(3, new byte[33]));
            java.util.Map<Class<?>, io.cangrid.overlay.Message> answers = new java.util.HashMap<>();
            for (int i = 0; i < 3; i++) {
                io.cangrid.overlay.Message m = node.toClient.poll(10, TimeUnit.SECONDS);
                assertThat(m).as("answer %d of 3", i + 1).isNotNull();
                answers.put(m.getClass(), m);
            }
            assertThat(((ChunkGive) answers.get(ChunkGive.class)).error()).contains("SHA-256");
            assertThat(((ChunkPutReply) answers.get(ChunkPutReply.class)).error()).contains("does not match");
            assertThat(((ChunkCheckReply) answers.get(ChunkCheckReply.class)).error()).contains("32 bytes");
            assertThat(node.files.stats(0).storedChunks()).isZero();
        }
    }
}
