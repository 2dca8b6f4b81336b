package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.GridSecret;
import io.cangrid.live.client.GridClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cores as a dimension of the live grid's space, on four live nodes in this JVM lending 1, 2, 4 and 4
 * cores: {@code submit --cores 64} ends NO_MATCH naming cores, as {@code --memory} beyond every node ends
 * NO_MATCH naming memory, a job of 4 cores runs on a node lending 4, and {@code peers} and {@code nodes}
 * show each node's cores and the axis.
 */
class LoopbackCoresTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<Integer> CORES = List.of(1, 2, 4, 4);
    private static final Duration END_WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private LoopbackGrid grid;
    private Path secretFile;

    @BeforeEach
    void startGrid() throws Exception {
        secretFile = dir.resolve("secret");
        GridSecret secret = SecretFile.load(secretFile, true);
        grid = LoopbackGrid.lending(CORES, secret, dir, ExecPolicy.parse("allow:sh"), 200, JobConfig.withHeartbeat(500),
                JobEvents.NONE, 1);
    }

    @AfterEach
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    /** Submits through node 0 as an operator would, and waits for the job's end. */
    private JobStatusReply submitAndAwait(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("submit", "--secret-file", secretFile.toString(), "--peer",
                grid.address(0)));
        args.addAll(List.of(options));
        args.addAll(List.of("--", "sh", "-c", "exit 0"));
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).as("submit %s: %s %s", List.of(options), run.out(), run.err()).isZero();
        JobId id = JobId.parse(run.out().trim());
        try (GridClient client = grid.client(1)) {
            JobStatusReply end = client.await(id, END_WAIT);
            assertThat(end).as("the end of the job of %s within %s", List.of(options), END_WAIT).isNotNull();
            return end;
        }
    }

    @Test
    void aJobWiderThanEveryNodeEndsNoMatchNamingCores() throws Exception {
        JobStatusReply end = submitAndAwait("--cores", "64");
        assertThat(end.state()).as("%s", end).isEqualTo(JobState.NO_MATCH);
        // The largest value is the largest the search saw, which need not be every node.
        assertThat(end.reason()).as("%s", end).contains("cores >= 64 cores")
                .containsPattern("largest seen: [124] cores").doesNotContain("memory");
    }

    @Test
    void aJobNeedingMoreMemoryThanEveryNodeEndsNoMatchNamingMemory() throws Exception {
        JobStatusReply end = submitAndAwait("--memory", "64GiB");
        assertThat(end.state()).as("%s", end).isEqualTo(JobState.NO_MATCH);
        assertThat(end.reason()).as("%s", end).contains("memory >= 65536 MiB").contains("largest seen: 1024 MiB")
                .doesNotContain("cores");
    }

    @Test
    void peersAndNodesShowTheCoresAxis() throws Exception {
        CliRun text = CliRun.run("peers", "--secret-file", secretFile.toString(), "--peer", grid.address(2));
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("disk 10 GiB, 4 cores").contains("chunks stored");
        CliRun peer = CliRun.run("peers", "--secret-file", secretFile.toString(), "--peer", grid.address(1), "--json");
        assertThat(peer.exitCode()).as(peer.err()).isZero();
        assertThat(JSON.readTree(peer.out()).get("capabilities").get("cores").asInt()).isEqualTo(2);
        assertThat(JSON.readTree(peer.out()).get("files").get("servedBytes").asLong()).as(peer.out()).isZero();
        CliRun nodes = CliRun.run("nodes", "--secret-file", secretFile.toString(), "--peer", grid.address(0), "--json");
        assertThat(nodes.exitCode()).as(nodes.err()).isZero();
        JsonNode doc = JSON.readTree(nodes.out());
        assertThat(doc.get("dimensions").toString()).isEqualTo("[\"cpu\",\"memory\",\"disk\",\"cores\",\"virtual\"]");
        assertThat(doc.get("tilingOk").asBoolean()).as(nodes.out()).isTrue();
    }

    @Test
    void aJobOfFourCoresRunsOnANodeLendingFour() throws Exception {
        JobStatusReply end = submitAndAwait("--cores", "4");
        assertThat(end.state()).as("%s", end).isEqualTo(JobState.COMPLETED);
        int runNode = grid.indexOf(end.runNode());
        assertThat(runNode).as("the run node %s is one of the grid's", end.runNode()).isNotNegative();
        assertThat(CORES.get(runNode)).as("cores lent by the run node").isEqualTo(4);
    }
}
