package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cangrid.cli.demo.LocalGrid;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A {@code cangrid node} process with its dashboard up, under a file limit well below the flood, takes
 * 20 000 idle connections to the dashboard's port and goes on answering {@code peers} within 2 s and
 * running jobs. A dashboard that kept every connection would run the node out of file descriptors: then
 * {@code peers} gets no answer and jobs cannot start ("Too many open files").
 */
class DashboardFloodIT extends LocalGridProcesses {

    private static final int CONNECTIONS = 20_000;
    /** The node's file limit, soft and hard: a fifth of the flood, ample for a node and its dashboard. */
    private static final int NODE_FILES = 4096;
    /** This JVM's own limit is 20 000: it holds at most this many at once, keeping the rest for itself. */
    private static final int HELD_AT_MOST = 18_000;
    private static final Duration OPENING = Duration.ofSeconds(90);
    private static final long PEERS_MILLIS = 2_000;
    private static final long LOG_WAIT_MILLIS = 20_000;
    private static final Pattern DASHBOARD = Pattern.compile("dashboard at (http://\\S+)/\\?token=");

    @Test
    void twentyThousandIdleConnectionsLeaveTheNodeAnsweringAndRunningJobs() throws Exception {
        assertThat(JAR).as("the shaded jar is packaged before integration tests").exists();
        grid = new LocalGrid(dir, JAR, List.of("--exec", "allow:sh", "--set", "grid.update-period=300ms"),
                List.of("--http", "127.0.0.1:0"))
                .withCommandPrefix(List.of("prlimit", "--nofile=" + NODE_FILES + ":" + NODE_FILES, "--"));
        grid.start(1);
        InetSocketAddress dashboard = dashboardAddress();
        // Once before the flood: the first command in this JVM loads its classes, which is not the node's time.
        CliRun before = cli("peers", "--peer", grid.address(0), "--json");
        assertThat(before.exitCode()).as("peers before the flood: %s", before.err()).isZero();

        try (IdleConnectionFlood flood = IdleConnectionFlood.open(dashboard, CONNECTIONS, HELD_AT_MOST, OPENING)) {
            flood.settle(Duration.ofSeconds(1));
            IdleConnectionFlood.Counts counts = flood.counts();
            System.out.printf("DashboardFloodIT: %s%n", counts);

            long start = System.nanoTime();
            CliRun peers = cli("peers", "--peer", grid.address(0), "--json");
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("DashboardFloodIT: peers answered in %d ms during the flood%n", millis);
            assertThat(peers.exitCode()).as("peers during the flood (%s): %s%nnode log:%n%s", counts, peers.err(),
                    tail(grid.log(0))).isZero();
            assertThat(millis).as("milliseconds peers took during the flood (%s)", counts).isLessThanOrEqualTo(PEERS_MILLIS);

            CliRun submit = cli("submit", "--peer", grid.address(0), "--", "sh", "-c", "echo ok");
            assertThat(submit.exitCode()).as("submit during the flood: %s", submit.err()).isZero();
            String id = submit.out().strip();
            CliRun waited = cli("wait", "--peer", grid.address(0), "--timeout", "60s", "--json", id);
            assertThat(waited.exitCode()).as("wait: %s %s%nnode log:%n%s", waited.out(), waited.err(),
                    tail(grid.log(0))).isZero();
            JsonNode job = JSON.readTree(waited.out()).get("jobs").get(0);
            assertThat(job.get("state").asText()).isEqualTo("COMPLETED");
            assertThat(job.get("exitCode").asInt()).isZero();
            CliRun results = cli("results", "--peer", grid.address(0), "--json", id);
            assertThat(JSON.readTree(results.out()).get("stdout").asText()).isEqualTo("ok\n");

            assertThat(grid.log(0)).doesNotContain("Too many open files");
            assertThat(counts.attempted()).as("connections tried (%s)", counts).isEqualTo(CONNECTIONS);
            assertThat(counts.timedOut() + counts.failed()).as("connections the node never took (%s)", counts).isZero();
        }
        assertThat(grid.isAlive(0)).isTrue();
    }

    /** Where node 0's dashboard listens, from the URL it logs. */
    private InetSocketAddress dashboardAddress() throws Exception {
        Matcher m = DASHBOARD.matcher("");
        long deadline = System.currentTimeMillis() + LOG_WAIT_MILLIS;
        while (!m.reset(grid.log(0)).find() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertThat(m.find(0)).as("the dashboard's URL in node 0's log:%n%s", grid.log(0)).isTrue();
        URI url = URI.create(m.group(1));
        return new InetSocketAddress(url.getHost(), url.getPort());
    }

    /** The last lines of a log, enough to see why a node stopped serving. */
    private static String tail(String log) {
        String[] lines = log.split("\\R");
        return String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 30), lines.length));
    }
}
