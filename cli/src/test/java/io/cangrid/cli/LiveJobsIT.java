package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cangrid.cli.demo.LocalGrid;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Four {@code cangrid node} processes from the packaged jar on 127.0.0.1 that run {@code sh}; 50 jobs
 * submitted through different nodes, one node killed with SIGKILL half way (with jobs queued, running,
 * owned and taken there). Every job must end COMPLETED with exit code 0, with its output found through two
 * different surviving nodes, and the same both times. Every process started here is stopped at the end,
 * pass or fail.
 */
class LiveJobsIT extends LocalGridProcesses {

    private static final int NODES = 4;
    private static final int JOBS = 50;
    private static final int VICTIM = 3;


    private void awaitGrid(String peer, int count) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        JsonNode last = null;
        while (System.currentTimeMillis() < deadline) {
            CliRun r = cli("nodes", "--peer", peer, "--json");
            last = r.exitCode() == 0 ? JSON.readTree(r.out()) : null;
            if (last != null && last.get("count").asInt() == count && last.get("tilingOk").asBoolean()
                    && last.get("neighbourTablesOk").asBoolean()) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no settled grid of " + count + " nodes; last view: " + last);
    }

    @Test
    void fiftyJobsAllCompleteOnceThoughANodeIsKilledMidRun() throws Exception {
        assertThat(JAR).as("the shaded jar is packaged before integration tests").exists();
        grid = new LocalGrid(dir, JAR, List.of("--exec", "allow:sh", "--set", "grid.update-period=300ms",
                "--set", "grid.heartbeat-period=1s", "--cpu", "1", "--memory", "1GiB", "--disk", "10GiB"));
        grid.start(NODES);
        awaitGrid(grid.address(0), NODES);

        List<String> ids = new ArrayList<>();
        for (int i = 0; i < JOBS; i++) {
            if (i == JOBS / 2) {
                grid.kill(VICTIM);
            }
            int at = i < JOBS / 2 ? i % NODES : i % (NODES - 1);
            CliRun r = cli("submit", "--peer", grid.address(at), "--", "sh", "-c", "echo $RANDOM; sleep 1");
            assertThat(r.exitCode()).as("submit %d through node %d: %s", i, at, r.err()).isZero();
            ids.add(r.out().strip());
        }
        assertThat(ids).doesNotHaveDuplicates();

        List<String> wait = new ArrayList<>(List.of("wait", "--peer", grid.address(0), "--timeout", "120s", "--json",
                // A job whose client, owner and run node were all the killed node is known again only when the
                // neighbour following it submits it again, after five client timeouts (8 s each here).
                "--unknown-after", "90s"));
        wait.addAll(ids);
        CliRun waited = cli(wait.toArray(String[]::new));
        JsonNode report = JSON.readTree(waited.out());
        assertThat(waited.exitCode()).as("wait: %s%nlogs: %s", waited.out(), unfinishedLogs(report, NODES)).isZero();
        Map<String, Integer> ranOn = new HashMap<>();
        for (JsonNode job : report.get("jobs")) {
            assertThat(job.get("state").asText()).isEqualTo("COMPLETED");
            assertThat(job.get("exitCode").asInt()).isZero();
            ranOn.merge(job.get("runNode").asText(), 1, Integer::sum);
        }

        for (int i = 0; i < ids.size(); i++) {
            CliRun a = cli("results", "--peer", grid.address(i % (NODES - 1)), "--json", ids.get(i));
            CliRun b = cli("results", "--peer", grid.address((i + 1) % (NODES - 1)), "--json", ids.get(i));
            assertThat(a.exitCode()).as("results of %s: %s", ids.get(i), a.err()).isZero();
            assertThat(b.exitCode()).as("results of %s: %s", ids.get(i), b.err()).isZero();
            JsonNode ra = JSON.readTree(a.out());
            JsonNode rb = JSON.readTree(b.out());
            assertThat(ra.get("stdout").asText()).as("output of %s", ids.get(i)).endsWith("\n");
            assertThat(rb.get("stdout")).as("one result per job").isEqualTo(ra.get("stdout"));
            assertThat(rb.get("runNode")).isEqualTo(ra.get("runNode"));
        }
        System.out.printf("LiveJobsIT: %d jobs completed after a SIGKILL; ran on %s%n", JOBS, ranOn);
    }
}
