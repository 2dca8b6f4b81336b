package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cangrid.cli.demo.LocalGrid;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.files.FileStats;
import io.cangrid.jobs.files.Hashes;
import io.cangrid.live.NetConfig;
import io.cangrid.live.client.GridClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Large files between {@code cangrid node} processes: a job's 2 GiB input reaches its run node whole as
 * chunks, its 1 GiB output comes back through {@code results --dir}, a transfer cut by the run node's
 * SIGKILL goes on after its restart without sending again what had arrived, and no node's resident memory
 * comes near the size of what it moves. Then 100 jobs sharing one 100 MiB input on 4 nodes move it once per
 * run node. Sizes can be made smaller for a quick run ({@code -Dcangrid.it.input-mib}, {@code output-mib},
 * {@code shared-mib}).
 */
class LargeFilesIT extends LocalGridProcesses {

    private static final long MIB = 1 << 20;
    private static final long INPUT = Long.getLong("cangrid.it.input-mib", 2048) * MIB;
    private static final long OUTPUT = Long.getLong("cangrid.it.output-mib", 1024) * MIB;
    private static final long SHARED = Long.getLong("cangrid.it.shared-mib", 100) * MIB;
    private static final long RSS_LIMIT = 600 * MIB;
    /** What a run node may be sent twice: the chunks in flight when it was killed, and the manifest. */
    private static final long IN_FLIGHT = 2L * 8 * FileRef.CHUNK_BYTES + FileRef.CHUNK_BYTES;

    private static List<String> options(String... more) {
        List<String> o = new java.util.ArrayList<>(List.of("--set", "grid.update-period=300ms", "--set",
                "grid.heartbeat-period=1s", "--cpu", "1", "--memory", "1GiB", "--disk", "20GiB"));
        o.addAll(List.of(more));
        return o;
    }

    @Test
    void aLargeInputAndOutputTravelAsChunksAndACutTransferGoesOnWhereItStopped() throws Exception {
        assertThat(JAR).as("the shaded jar is packaged before integration tests").exists();
        // Node 0 takes the job and runs nothing; node 1 runs it, so every byte crosses between them.
        grid = new LocalGrid(dir, JAR, options()).withNodeOptions(i -> i == 1 ? List.of("--exec", "allow:sh")
                : List.of());
        grid.start(2);
        Path input = dir.resolve("in.bin");
        String inputSha = writeRandom(input, INPUT, 7);
        try (MemoryWatch memory = new MemoryWatch(grid)) {
            CliRun submit = cli("submit", "--peer", grid.address(0), "--input", input.toString(), "--output", "out.bin",
                    "--json", "--", "sh", "-c", "sha256sum in.bin && head -c " + OUTPUT + " /dev/urandom > out.bin"
                            + " && sha256sum out.bin");
            assertThat(submit.exitCode()).as(submit.err()).isZero();
            String job = JSON.readTree(submit.out()).get("job").asText();

            // Cut the transfer: the run node is killed once it holds part of the input, then restarted.
            assertThat(within(300_000, () -> stats(1).fetchedBytes() > INPUT / 4))
                    .as("node 1 fetching the input; log:%n%s", grid.log(1)).isTrue();
            long before = stats(1).fetchedBytes();
            grid.kill(1);
            grid.restart(1);

            CliRun waited = cli("wait", "--peer", grid.address(0), "--timeout", "15m", "--json", job);
            assertThat(waited.exitCode()).as("%s%nnode 0:%n%s%nnode 1:%n%s", waited.out(), grid.log(0), grid.log(1))
                    .isZero();
            FileStats served = stats(0);
            // Every byte of the input left node 0 once, but for what was in flight when node 1 died.
            assertThat(served.servedBytes()).as("bytes node 0 sent for a %d-byte input (%d had arrived before the"
                    + " cut)", INPUT, before).isBetween(INPUT, INPUT + IN_FLIGHT);
            assertThat(stats(1).fetchedBytes()).as("node 1 fetched after its restart only what it lacked")
                    .isLessThanOrEqualTo(INPUT - before + IN_FLIGHT);

            Path results = dir.resolve("results");
            CliRun fetched = cli("results", "--peer", grid.address(0), "--dir", results.toString(), job);
            assertThat(fetched.exitCode()).as(fetched.err()).isZero();
            String[] stdout = Files.readString(results.resolve("stdout")).split("\\R");
            assertThat(stdout[0]).as("the job saw its input whole").startsWith(inputSha + "  in.bin");
            Path out = results.resolve("outputs").resolve("out.bin");
            assertThat(Files.size(out)).isEqualTo(OUTPUT);
            assertThat(stdout[1]).as("the output came back as the job wrote it").startsWith(sha256(out) + "  out.bin");
            assertThat(memory.peak()).as("the largest resident memory of a node, bytes").isLessThan(RSS_LIMIT);
            System.out.printf("a %d-byte input: node 0 sent %d bytes, node 1 had %d before the cut and fetched %d"
                    + " after its restart; a %d-byte output came back whole; largest node resident memory %d MiB%n",
                    INPUT, served.servedBytes(), before, stats(1).fetchedBytes(), OUTPUT, memory.peak() >> 20);
        }
    }

    @Test
    void jobsSharingOneInputMoveItOncePerRunNode() throws Exception {
        assertThat(JAR).as("the shaded jar is packaged before integration tests").exists();
        grid = new LocalGrid(dir, JAR, options("--exec", "allow:sh"));
        grid.start(4);
        Path input = dir.resolve("shared.bin");
        String sha = writeRandom(input, SHARED, 11);
        Path sub = dir.resolve("shared.sub");
        Files.writeString(sub, """
                executable = sh
                arguments = "-c 'sha256sum shared.bin'"
                transfer_input_files = shared.bin
                output = out/$(Process).txt
                queue 100
                """);
        Files.createDirectories(dir.resolve("out"));
        Path clusters = dir.resolve("clusters");
        CliRun submit = cli("submit", "--peer", grid.address(0), "--clusters-dir", clusters.toString(), "--json",
                "-f", sub.toString());
        assertThat(submit.exitCode()).as(submit.err()).isZero();
        String cluster = JSON.readTree(submit.out()).get("clusters").get(0).get("cluster").asText();
        CliRun waited = cli("wait", "--peer", grid.address(0), "--clusters-dir", clusters.toString(), "--timeout", "10m",
                "--json", cluster);
        JsonNode report = JSON.readTree(waited.out());
        assertThat(waited.exitCode()).as("%s%s", waited.out(), unfinishedLogs(report, 4)).isZero();
        CliRun results = cli("results", "--peer", grid.address(0), "--clusters-dir", clusters.toString(), cluster);
        assertThat(results.exitCode()).as(results.err()).isZero();
        for (int p = 0; p < 100; p++) {
            assertThat(Files.readString(dir.resolve("out").resolve(p + ".txt"))).startsWith(sha + "  shared.bin");
        }
        long moved = 0;
        long fetched = 0;
        for (int i = 0; i < 4; i++) {
            moved += stats(i).servedBytes();
            fetched += stats(i).fetchedBytes();
        }
        long manifests = 4L * FileRef.HASH_BYTES * (SHARED / FileRef.CHUNK_BYTES + 1);
        assertThat(moved).as("bytes the nodes sent each other for 100 jobs sharing a %d-byte input", SHARED)
                .isLessThanOrEqualTo(4 * SHARED + manifests);
        assertThat(fetched).isLessThanOrEqualTo(4 * SHARED + manifests);
        System.out.printf("100 jobs sharing a %d-byte input on 4 nodes: the nodes sent each other %d bytes and"
                + " fetched %d%n", SHARED, moved, fetched);
    }

    private FileStats stats(int node) throws IOException {
        String[] hostPort = grid.address(node).split(":");
        NetConfig net = NetConfig.of(NetConfig.DEFAULT_GRID, SecretFile.load(grid.secret(), false));
        try (GridClient client = new GridClient(net, hostPort[0], Integer.parseInt(hostPort[1]))) {
            return client.fileStats();
        }
    }

    private static boolean within(long millis, Check condition) throws Exception {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline) {
            try {
                if (condition.holds()) {
                    return true;
                }
            } catch (IOException e) {
                // The node is busy or not up yet: asked again.
            }
            Thread.sleep(100);
        }
        return false;
    }

    private interface Check {
        boolean holds() throws IOException;
    }

    /** Writes {@code size} pseudo-random bytes; returns their SHA-256. */
    private static String writeRandom(Path file, long size, long seed) throws IOException {
        MessageDigest d = Hashes.sha256();
        SplittableRandom random = new SplittableRandom(seed);
        byte[] buf = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long left = size; left > 0; left -= buf.length) {
                random.nextBytes(buf);
                int n = (int) Math.min(buf.length, left);
                out.write(buf, 0, n);
                d.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }

    private static String sha256(Path file) throws Exception {
        MessageDigest d = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 20];
            int n;
            while ((n = in.read(buf)) > 0) {
                d.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }

    /** Samples every node's resident memory ({@code VmRSS}) every 200 ms until closed. */
    private static final class MemoryWatch implements AutoCloseable {
        private final AtomicLong peak = new AtomicLong();
        private final AtomicReference<Boolean> running = new AtomicReference<>(true);
        private final Thread thread;

        MemoryWatch(LocalGrid grid) {
            thread = new Thread(() -> {
                while (running.get()) {
                    for (int i = 0; i < grid.size(); i++) {
                        peak.accumulateAndGet(rss(grid.pid(i)), Math::max);
                    }
                    try {
                        Thread.sleep(200);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "memory-watch");
            thread.setDaemon(true);
            thread.start();
        }

        private static long rss(long pid) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                    if (line.startsWith("VmRSS:")) {
                        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                    }
                }
            } catch (IOException | RuntimeException e) {
                return 0; // the process is gone (killed and restarted meanwhile)
            }
            return 0;
        }

        long peak() {
            return peak.get();
        }

        @Override
        public void close() {
            running.set(false);
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
