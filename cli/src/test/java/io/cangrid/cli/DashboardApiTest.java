package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.resource.ResourceSchema;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard's API on four live nodes in this JVM: it answers what the client commands print with
 * {@code --json}, only to holders of the token, and bad requests get a status and a JSON error while the
 * node goes on serving.
 */
class DashboardApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private DashboardGrid grid;

    @BeforeEach
    void start() throws Exception {
        grid = DashboardGrid.start(dir, 4, 500);
    }

    @AfterEach
    void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    @Test
    void nodesAnswersWhatNodesJsonPrints() throws Exception {
        // The nodes have joined, but neighbour tables may still be settling: both views are taken once the
        // grid's own view shows all four (at most 20 s).
        HttpResponse<String> r = grid.getWithToken("/api/nodes");
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (r.statusCode() == 200 && System.nanoTime() < deadline
                && !(JSON.readTree(r.body()).get("count").asInt() == 4
                        && JSON.readTree(r.body()).get("tilingOk").asBoolean())) {
            Thread.sleep(200);
            r = grid.getWithToken("/api/nodes");
        }
        CliRun cli = grid.cli("nodes", "--json");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type")).hasValueSatisfying(v -> assertThat(v).startsWith("application/json"));
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode api = JSON.readTree(r.body());
        JsonNode printed = JSON.readTree(cli.out());
        assertThat(api.get("count").asInt()).isEqualTo(4);
        assertThat(api.get("tilingOk").asBoolean()).isTrue();
        assertThat(DashboardGrid.nodesById(api)).isEqualTo(DashboardGrid.nodesById(printed));
        for (String field : new String[] {"count", "unreachable", "overlay", "dimensions", "volumeSum", "tilingOk",
                "neighbourTablesOk", "problems"}) {
            assertThat(api.get(field)).as(field).isEqualTo(printed.get(field));
        }
    }


    @Test
    void jobDocumentsAreTheCommandsOwn() throws Exception {
        JobId id;
        try (GridClient client = grid.grid().client(0)) {
            id = client.submit(JobSpec.requiring(ResourceSchema.desktopSchema(), Map.of(), 1, "api-job")
                    .withCommand(JobCommand.of("sh", "-c", "echo dashboard")));
            JobStatusReply end = client.await(id, Duration.ofSeconds(30));
            assertThat(end).isNotNull();
            assertThat(end.state()).isEqualTo(JobState.COMPLETED);
        }
        String q = URLEncoder.encode(id.toString(), StandardCharsets.UTF_8);
        assertThat(JSON.readTree(grid.getWithToken("/api/job?id=" + q).body()))
                .isEqualTo(JSON.readTree(grid.cli("status", "--json", id.toString()).out()));
        JsonNode explained = JSON.readTree(grid.getWithToken("/api/explain?id=" + q).body());
        assertThat(explained).isEqualTo(JSON.readTree(grid.cli("explain", "--json", id.toString()).out()));
        assertThat(explained.get("steps").size()).isGreaterThan(2);
        JsonNode jobs = JSON.readTree(grid.getWithToken("/api/jobs").body());
        assertThat(jobs).isEqualTo(JSON.readTree(grid.cli("jobs", "--json").out()));
        assertThat(jobs.get(0).get("job").asText()).isEqualTo(id.toString());
        assertThat(JSON.readTree(grid.getWithToken("/api/node").body()))
                .isEqualTo(JSON.readTree(CliRun.run("peers", "--secret-file", dir.resolve("secret").toString(),
                        "--peer", grid.grid().address(0), "--json").out()));
    }

    @Test
    void onlyTheTokenOpensThePageAndTheApi() throws Exception {
        assertThat(grid.get("/").statusCode()).isEqualTo(401);
        assertThat(grid.get("/api/nodes").statusCode()).isEqualTo(401);
        assertThat(grid.get("/api/nodes?token=" + "0".repeat(64)).statusCode()).isEqualTo(401);
        assertThat(grid.get("/api/nodes", "Authorization", "Bearer wrong").statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(grid.get("/api/nodes").body()).get("error").asText()).contains("token");

        HttpResponse<String> page = grid.get("/?token=" + grid.token());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<svg id=\"zones\"");
        String cookie = page.headers().firstValue("set-cookie").orElseThrow();
        assertThat(cookie).containsIgnoringCase("HttpOnly").contains("SameSite=Strict");
        String pair = cookie.substring(0, cookie.indexOf(';'));
        assertThat(grid.get("/api/node", "Cookie", pair).statusCode()).isEqualTo(200);
        assertThat(grid.get("/lib/uPlot.iife.min.js", "Cookie", pair).body()).contains("uPlot");
    }

    @Test
    void badRequestsGetAnErrorAndTheNodeServesOn() throws Exception {
        HttpResponse<String> unknown = grid.getWithToken("/api/nothing");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(unknown.body()).get("error").asText()).contains("/api/nothing");
        assertThat(grid.getWithToken("/nothing.html").statusCode()).isEqualTo(404);

        HttpResponse<String> post = grid.send(HttpRequest.newBuilder(URI.create(grid.base() + "/api/nodes"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")), "Authorization", "Bearer " + grid.token());
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("allow")).hasValue("GET");

        HttpResponse<String> noId = grid.getWithToken("/api/job");
        assertThat(noId.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(noId.body()).get("error").asText()).contains("id");
        HttpResponse<String> badId = grid.getWithToken("/api/explain?id=not-a-job");
        assertThat(badId.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(badId.body()).get("error").asText()).contains("not-a-job");

        assertThat(raw("GET /api/job?id=%ZZ% HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + grid.token()
                + "\r\nConnection: close\r\n\r\n")).startsWith("HTTP/1.1 400").contains("malformed URL");
        byte[] noise = new byte[4096];
        new java.util.SplittableRandom(20).nextBytes(noise);
        assertThat(raw(new String(noise, StandardCharsets.ISO_8859_1) + "\r\n\r\n")).startsWith("HTTP/1.1 400");

        HttpResponse<String> after = grid.getWithToken("/api/nodes");
        assertThat(after.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(after.body()).get("tilingOk").asBoolean()).isTrue();
    }

    /** What the dashboard answers to {@code request} sent as is (ISO-8859-1) on a socket of its own. */
    private String raw(String request) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", URI.create(grid.base()).getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            byte[] head = socket.getInputStream().readNBytes(400);
            return new String(head, StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void theHistoryFillsWithSamplesOfTheWholeGrid() throws Exception {
        long deadline = System.currentTimeMillis() + 15_000;
        JsonNode h = JSON.readTree(grid.getWithToken("/api/history").body());
        while (h.get("at").size() < 2 && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
            h = JSON.readTree(grid.getWithToken("/api/history").body());
        }
        assertThat(h.get("at").size()).isGreaterThanOrEqualTo(2);
        assertThat(h.get("nodes").get(0).asInt()).isEqualTo(4);
        assertThat(h.get("waiting").size()).isEqualTo(h.get("at").size());
        assertThat(h.get("running").size()).isEqualTo(h.get("at").size());
    }
}
