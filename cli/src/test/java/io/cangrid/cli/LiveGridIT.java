package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eight {@code cangrid node} processes from the packaged jar on 127.0.0.1, joined one after another;
 * two killed with SIGKILL and one stopped with SIGTERM; the rest must show a whole, consistent grid
 * within ten state periods. Every process started here is stopped at the end, pass or fail.
 */
class LiveGridIT {

    private static final int NODES = 8;
    private static final long PERIOD_MILLIS = 500;
    private static final Path JAR = Path.of("target", "cangrid.jar");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void stopEverything() throws InterruptedException {
        for (Process p : processes) {
            p.destroyForcibly();
        }
        for (Process p : processes) {
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private Process startNode(int i, String join) throws IOException {
        Path work = dir.resolve("node" + i);
        Files.createDirectories(work);
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-jar", JAR.toAbsolutePath().toString(), "node",
                "--listen", "127.0.0.1:0", "--workdir", work.toString(),
                "--secret-file", secret().toString(), "--set", "grid.update-period=" + PERIOD_MILLIS + "ms",
                // Machines of several kinds, as a real grid has: identical ones would stack their zones in
                // one column, where a crash cuts the grid in two until the takeover.
                "--cpu", String.valueOf(1 + i % 3), "--memory", (1 << (i % 4)) + "GiB",
                "--disk", (10 * (1 + i % 2)) + "GiB"));
        if (join != null) {
            cmd.add("--join");
            cmd.add(join);
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(work.resolve("node.log").toFile()).start();
        processes.add(p);
        return p;
    }

    private Path secret() {
        return dir.resolve("secret");
    }

    private String awaitAddress(int i, Process p) throws Exception {
        Path file = dir.resolve("node" + i).resolve("address");
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(file)) {
                return Files.readString(file).strip();
            }
            assertThat(p.isAlive()).as("node %d died: %s", i, log(i)).isTrue();
            Thread.sleep(100);
        }
        throw new AssertionError("node " + i + " wrote no address: " + log(i));
    }

    private String log(int i) throws IOException {
        Path f = dir.resolve("node" + i).resolve("node.log");
        return Files.exists(f) ? Files.readString(f) : "(no log)";
    }

    private JsonNode nodes(String peer) throws IOException {
        CliRun r = CliRun.run("nodes", "--peer", peer, "--secret-file", secret().toString(), "--json");
        if (r.exitCode() != 0) {
            return null;
        }
        return JSON.readTree(r.out());
    }

    /** Polls {@code nodes} until it shows {@code count} nodes with both checks true, or the time is up. */
    private JsonNode awaitGrid(String peer, int count, long millis) throws Exception {
        long deadline = System.currentTimeMillis() + millis;
        JsonNode last = null;
        while (System.currentTimeMillis() < deadline) {
            last = nodes(peer);
            if (last != null && last.get("count").asInt() == count && last.get("tilingOk").asBoolean()
                    && last.get("neighbourTablesOk").asBoolean() && last.get("unreachable").isEmpty()) {
                return last;
            }
            Thread.sleep(PERIOD_MILLIS / 2);
        }
        throw new AssertionError("no settled grid of " + count + " nodes within " + millis + " ms; last view: " + last);
    }

    @Test
    void eightNodesJoinAndTheSurvivorsOfTwoCrashesAndALeaveSettle() throws Exception {
        assertThat(JAR).as("the shaded jar is packaged before integration tests").exists();
        List<String> addresses = new ArrayList<>();
        Process first = startNode(0, null);
        addresses.add(awaitAddress(0, first));
        for (int i = 1; i < NODES; i++) {
            Process p = startNode(i, addresses.get(0));
            addresses.add(awaitAddress(i, p));
            awaitGrid(addresses.get(0), i + 1, 30_000);
        }
        JsonNode grid = awaitGrid(addresses.get(0), NODES, 30_000);
        assertThat(grid.get("nodes")).hasSize(NODES);
        assertThat(grid.get("volumeSum").asDouble()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));

        processes.get(3).destroyForcibly(); // SIGKILL
        processes.get(6).destroyForcibly();
        long start = System.currentTimeMillis();
        processes.get(5).destroy(); // SIGTERM: graceful leave
        assertThat(processes.get(5).waitFor(15, TimeUnit.SECONDS)).as("SIGTERM ends the node").isTrue();
        JsonNode after = awaitGrid(addresses.get(0), NODES - 3, 10 * PERIOD_MILLIS);
        long settledMillis = System.currentTimeMillis() - start;
        assertThat(after.get("nodes")).hasSize(NODES - 3);
        assertThat(log(5)).contains("left the grid");
        System.out.printf("LiveGridIT: %d nodes settled %d ms (%.1f periods) after two SIGKILLs and a SIGTERM%n",
                NODES - 3, settledMillis, settledMillis / (double) PERIOD_MILLIS);
    }
}
