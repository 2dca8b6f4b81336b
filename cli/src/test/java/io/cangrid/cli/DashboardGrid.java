package io.cangrid.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.cangrid.cli.dashboard.DashboardServer;
import io.cangrid.cli.common.HostPort;
import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.live.GridSecret;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the dashboard tests share: live nodes on 127.0.0.1 in this JVM, the first serving its dashboard on
 * a free loopback port, plain HTTP requests to it, and the client commands run against the same node, so
 * that what the page's API answers can be set beside what the commands print. {@link #close} stops all.
 */
final class DashboardGrid implements AutoCloseable {

    static final Duration HTTP_TIMEOUT = Duration.ofSeconds(30);

    private final Path secretFile;
    private final LoopbackGrid grid;
    private final DashboardServer dashboard;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(HTTP_TIMEOUT).build();

    private DashboardGrid(Path secretFile, LoopbackGrid grid, DashboardServer dashboard) {
        this.secretFile = secretFile;
        this.grid = grid;
        this.dashboard = dashboard;
    }

    /** {@code count} nodes that run {@code sh}, updating every 200 ms; the chart sampled every {@code sampleMillis}. */
    static DashboardGrid start(Path dir, int count, long sampleMillis) throws InterruptedException {
        Path secretFile = dir.resolve("secret");
        GridSecret secret = SecretFile.load(secretFile, true);
        LoopbackGrid grid = LoopbackGrid.start(count, secret, dir, ExecPolicy.parse("allow:sh"), 200,
                JobConfig.withHeartbeat(500), JobEvents.NONE, 1);
        try {
            DashboardServer d = DashboardServer.start(new HostPort("127.0.0.1", 0), grid.net(),
                    HostPort.parse(grid.address(0)), sampleMillis);
            return new DashboardGrid(secretFile, grid, d);
        } catch (RuntimeException e) {
            grid.close();
            throw e;
        }
    }

    LoopbackGrid grid() {
        return grid;
    }

    /** The page's URL with the token, as the node logs it. */
    String url() {
        return dashboard.url();
    }

    String base() {
        return "http://127.0.0.1:" + dashboard.address().getPort();
    }

    String token() {
        return URI.create(url()).getQuery().substring("token=".length());
    }

    /** {@code GET path} with {@code headers} (name, value, ...). */
    HttpResponse<String> get(String path, String... headers) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base() + path)).GET(), headers);
    }

    /** {@code GET path} with the token as a bearer. */
    HttpResponse<String> getWithToken(String path) throws IOException, InterruptedException {
        return get(path, "Authorization", "Bearer " + token());
    }

    HttpResponse<String> send(HttpRequest.Builder request, String... headers) throws IOException, InterruptedException {
        request.timeout(HTTP_TIMEOUT);
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The nodes of a {@code nodes --json} document by id: a walk lists them in the order neighbour tables
     * give, which may differ between two walks of the same grid.
     */
    static Map<String, JsonNode> nodesById(JsonNode doc) {
        Map<String, JsonNode> out = new TreeMap<>();
        doc.get("nodes").forEach(n -> out.put(n.get("id").asText(), n));
        return out;
    }

    /** A client command against node 0, with the grid's secret. */
    CliRun cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(1, List.of("--secret-file", secretFile.toString(), "--peer", grid.address(0)));
        return CliRun.run(all.toArray(String[]::new));
    }

    @Override
    public void close() {
        try {
            dashboard.close();
        } finally {
            grid.close();
        }
    }
}
