package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cangrid.cli.demo.LocalGrid;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Six {@code cangrid node} processes admitted by node tokens of an authority made with {@code cangrid grid
 * init}, jobs submitted with a submit token, and one node revoked by its key half way through: within three
 * update periods every other node has taken the revocation (and so ended its sessions with the revoked node
 * and refuses it), the five others tile the space again, every job completes once, and the revoked node's
 * key is refused by every node. Every process started here is stopped at the end, pass or fail.
 */
class IdentityIT extends LocalGridProcesses {

    private static final int NODES = 6;
    private static final int JOBS = 24;
    private static final int REVOKED = NODES - 1;
    private static final Duration UPDATE_PERIOD = Duration.ofSeconds(1);
    private static final Pattern IN_FORCE = Pattern.compile("^(\\d\\d:\\d\\d:\\d\\d\\.\\d\\d\\d) .*revocation of key (\\S+) in force",
            Pattern.MULTILINE);

    @Test
    void aRevokedNodeIsShutOutAndEveryJobCompletes() throws Exception {
        assertThat(JAR).as("the shaded jar is packaged before integration tests").exists();
        Path authority = dir.resolve("authority");
        CliRun init = CliRun.run("grid", "init", "--authority", authority.toString(), "--grid", "tokens");
        assertThat(init.exitCode()).as("grid init: %s", init.err()).isZero();
        Path nodeToken = dir.resolve("node.token");
        Path submitToken = dir.resolve("submit.token");
        assertThat(CliRun.run("grid", "token", "--authority", authority.toString(), "--role", "node",
                "--expires", "1d", "--out", nodeToken.toString()).exitCode()).isZero();
        assertThat(CliRun.run("grid", "token", "--authority", authority.toString(), "--role", "submit",
                "--expires", "1d", "--out", submitToken.toString()).exitCode()).isZero();

        grid = new LocalGrid(dir, JAR, List.of("--token", nodeToken.toString(), "--exec", "allow:sh",
                "--set", "grid.update-period=" + UPDATE_PERIOD.toMillis() + "ms", "--set", "grid.heartbeat-period=1s",
                "--cpu", "1", "--memory", "1GiB", "--disk", "10GiB"));
        grid.start(NODES);
        awaitGrid(submitToken, grid.address(0), NODES);

        List<String> ids = new ArrayList<>();
        java.util.Map<Integer, List<String>> byInjection = new java.util.TreeMap<>();
        String revokedKey = null;
        long revokedAt = 0;
        for (int i = 0; i < JOBS; i++) {
            if (i == JOBS / 2) {
                revokedKey = CliRun.run("grid", "key", "--workdir", grid.workdir(REVOKED).toString()).out().strip();
                revokedAt = System.currentTimeMillis();
                CliRun revoke = CliRun.run("grid", "revoke", revokedKey, "--authority", authority.toString(),
                        "--node", grid.address(0));
                assertThat(revoke.exitCode()).as("revoke: %s", revoke.err()).isZero();
            }
            int at = i % (NODES - 1);
            CliRun r = CliRun.run("submit", "--token", submitToken.toString(), "--peer", grid.address(at), "--", "sh",
                    "-c", "echo $RANDOM; sleep 1");
            assertThat(r.exitCode()).as("submit %d through node %d: %s", i, at, r.err()).isZero();
            ids.add(r.out().strip());
            byInjection.computeIfAbsent(at, k -> new ArrayList<>()).add(r.out().strip());
        }

        // Every other node took the revocation, hence ended its sessions with the revoked node, in time.
        long latest = 0;
        for (int i = 0; i < NODES - 1; i++) {
            long took = awaitInForce(i, revokedKey, revokedAt);
            latest = Math.max(latest, took);
        }
        LoggerFactory.getLogger(IdentityIT.class).info("revocation in force at the {} other nodes within {} ms",
                NODES - 1, latest);
        assertThat(latest).as("ms from the revocation until the last node took it")
                .isLessThanOrEqualTo(3 * UPDATE_PERIOD.toMillis());

        awaitGrid(submitToken, grid.address(0), NODES - 1);

        // Each job is awaited at the node it was submitted through, which follows it: while the point's new
        // owner has not heard of a job the shut-out node held, that node says the job is on its way again.
        for (var submitted : byInjection.entrySet()) {
            List<String> wait = new ArrayList<>(List.of("wait", "--token", submitToken.toString(), "--peer",
                    grid.address(submitted.getKey()), "--timeout", "120s", "--json"));
            wait.addAll(submitted.getValue());
            CliRun waited = CliRun.run(wait.toArray(String[]::new));
            JsonNode report = JSON.readTree(waited.out());
            assertThat(waited.exitCode()).as("wait: %s%nlogs: %s", waited.out(), unfinishedLogs(report, NODES))
                    .isZero();
            for (JsonNode job : report.get("jobs")) {
                assertThat(job.get("state").asText()).isEqualTo("COMPLETED");
            }
        }

        Path revokedKeyFile = grid.workdir(REVOKED).resolve("node.key");
        for (int i = 0; i < NODES - 1; i++) {
            CliRun peers = CliRun.run("peers", "--token", nodeToken.toString(), "--key-file", revokedKeyFile.toString(),
                    "--peer", grid.address(i));
            assertThat(peers.exitCode()).as("peers of node %d with the revoked key: %s", i, peers.out()).isNotZero();
            assertThat(peers.err()).contains("closed the connection");
        }
        CliRun honest = CliRun.run("peers", "--token", nodeToken.toString(), "--peer", grid.address(0));
        assertThat(honest.exitCode()).as("peers with an honest key: %s", honest.err()).isZero();
    }

    /** Milliseconds from {@code since} (epoch) until node {@code i} logged the revocation in force. */
    private long awaitInForce(int i, String key, long since) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            Matcher m = IN_FORCE.matcher(grid.log(i));
            while (m.find()) {
                if (key.equals(m.group(2))) {
                    LocalTime logged = LocalTime.parse(m.group(1));
                    LocalTime from = java.time.Instant.ofEpochMilli(since).atZone(java.time.ZoneId.systemDefault())
                            .toLocalTime();
                    return Duration.between(from, logged).toMillis();
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("node " + i + " never took the revocation of " + key + ": " + grid.log(i));
    }

    private void awaitGrid(Path token, String peer, int count) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        JsonNode last = null;
        while (System.currentTimeMillis() < deadline) {
            CliRun r = CliRun.run("nodes", "--token", token.toString(), "--peer", peer, "--json");
            last = r.exitCode() == 0 ? JSON.readTree(r.out()) : null;
            if (last != null && last.get("count").asInt() == count && last.get("tilingOk").asBoolean()
                    && last.get("neighbourTablesOk").asBoolean()) {
                return;
            }
            Thread.sleep(300);
        }
        throw new AssertionError("no settled grid of " + count + " nodes; last view: " + last);
    }
}
