package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.GridSecret;
import io.cangrid.overlay.resource.ResourceSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cangrid explain} on four live nodes in this JVM, on 127.0.0.1: a completed job is explained from
 * its injection node to its owner, the candidates matchmaking weighed and its placement on the run node the
 * status names; a job needing more memory than any node has is explained as NO_MATCH naming memory.
 */
class LoopbackExplainTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private LoopbackGrid grid;
    private Path secretFile;

    @BeforeEach
    void startGrid() throws Exception {
        secretFile = dir.resolve("secret");
        GridSecret secret = SecretFile.load(secretFile, true);
        grid = LoopbackGrid.start(4, secret, dir, ExecPolicy.parse("allow:sh"), 200, JobConfig.withHeartbeat(500),
                JobEvents.NONE, 1);
    }

    @AfterEach
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    private CliRun cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(1, List.of("--secret-file", secretFile.toString()));
        return CliRun.run(all.toArray(String[]::new));
    }

    private static List<JsonNode> steps(JsonNode explained, String kind) {
        List<JsonNode> out = new ArrayList<>();
        explained.get("steps").forEach(s -> {
            if (s.get("kind").asText().equals(kind)) {
                out.add(s);
            }
        });
        return out;
    }

    @Test
    void aCompletedJobIsExplainedFromOwnerToRunNode() throws Exception {
        try (GridClient taker = grid.client(1)) {
            JobId id = taker.submit(JobSpec.requiring(ResourceSchema.desktopSchema(), Map.of(), 1, "explained")
                    .withCommand(JobCommand.of("sh", "-c", "exit 0")));
            JobStatusReply end = taker.await(id, Duration.ofSeconds(15));
            assertThat(end.state()).isEqualTo(JobState.COMPLETED);
            String runNode = end.runNode().shortName();
            String owner = end.owner().shortName();

            CliRun run = cli("explain", "--peer", grid.address(1), "--json", id.toString());
            assertThat(run.exitCode()).as("explain: %s %s", run.out(), run.err()).isZero();
            JsonNode e = JSON.readTree(run.out());
            assertThat(e.get("job").asText()).isEqualTo(id.toString());
            assertThat(e.get("state").asText()).isEqualTo("COMPLETED");
            assertThat(e.get("incomplete")).isEmpty();
            assertThat(steps(e, "submitted")).isNotEmpty();
            assertThat(steps(e, "owner")).anySatisfy(s -> assertThat(s.get("node").asText()).isEqualTo(owner));
            assertThat(steps(e, "candidates")).as(run.out()).anySatisfy(s -> assertThat(s.get("detail").asText())
                    .contains("capable node(s)").contains("queue"));
            assertThat(steps(e, "placement")).anySatisfy(s -> {
                assertThat(s.get("node").asText()).isEqualTo(runNode);
                assertThat(s.get("detail").asText()).contains("started here");
            });
            assertThat(steps(e, "dispatched")).anySatisfy(s -> assertThat(s.get("next").asText()).isEqualTo(runNode));
            long last = Long.MIN_VALUE;
            for (JsonNode s : e.get("steps")) {
                assertThat(s.get("at").asLong()).as("steps in clock order").isGreaterThanOrEqualTo(last);
                last = s.get("at").asLong();
                assertThat(s.get("address").asText()).startsWith("127.0.0.1:");
            }

            CliRun text = cli("explain", "--peer", grid.address(3), id.toString());
            assertThat(text.exitCode()).as(text.err()).isZero();
            assertThat(text.out()).as("asked of a fourth node, the trail still leads back to the injection node")
                    .contains("took the job from client")
                    .contains("owns the job's point").contains("started here")
                    .contains("now: " + id + " COMPLETED");
        }
    }

    @Test
    void aJobNoNodeCanRunIsExplainedAsNoMatchNamingTheRequirement() throws Exception {
        try (GridClient taker = grid.client(0)) {
            JobId id = taker.submit(JobSpec.requiring(ResourceSchema.desktopSchema(),
                    Map.of(ResourceSchema.MEMORY, 65_536), 1, "too-big").withCommand(JobCommand.of("sh", "-c", "exit 0")));
            JobStatusReply end = taker.await(id, Duration.ofSeconds(20));
            assertThat(end.state()).isEqualTo(JobState.NO_MATCH);

            CliRun run = cli("explain", "--peer", grid.address(0), "--json", id.toString());
            assertThat(run.exitCode()).as("explain: %s %s", run.out(), run.err()).isZero();
            JsonNode e = JSON.readTree(run.out());
            assertThat(e.get("state").asText()).isEqualTo("NO_MATCH");
            assertThat(steps(e, "no-match")).as(run.out()).anySatisfy(s -> assertThat(s.get("detail").asText()).contains("memory"));
            assertThat(steps(e, "submitted")).as(run.out()).anySatisfy(s -> assertThat(s.get("detail").asText())
                    .contains("needs memory >= 65536 MiB"));
        }
    }
}
