package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cangrid.cli.demo.LocalGrid;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Three {@code cangrid node} processes, the first with {@code --http 127.0.0.1:0}: it logs the dashboard's
 * URL with the token (never the secret), and {@code /api/nodes} with that token lists the nodes
 * {@code cangrid nodes --json} lists.
 */
class DashboardIT extends LocalGridProcesses {

    private static final Pattern URL = Pattern.compile("dashboard at (http://\\S+/\\?token=([0-9a-f]{64}))");
    private static final long LOG_WAIT_MILLIS = 20_000;

    @Test
    void theLoggedUrlOpensTheApiAndItListsWhatNodesPrints() throws Exception {
        grid = new LocalGrid(dir, JAR, List.of("--set", "grid.update-period=300ms"), List.of("--http", "127.0.0.1:0"));
        grid.start(3);
        Matcher m = URL.matcher("");
        long deadline = System.currentTimeMillis() + LOG_WAIT_MILLIS;
        while (!m.reset(grid.log(0)).find() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertThat(m.find(0)).as("the dashboard's URL in node 0's log:%n%s", grid.log(0)).isTrue();
        byte[] secret = Files.readAllBytes(grid.secret());
        for (int i = 0; i < 3; i++) {
            assertThat(grid.log(i)).doesNotContain(HexFormat.of().formatHex(secret))
                    .doesNotContain(Base64.getEncoder().encodeToString(secret));
        }
        URI base = URI.create(m.group(1)).resolve("/");
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest.Builder nodes = HttpRequest.newBuilder(base.resolve("/api/nodes")).timeout(Duration.ofSeconds(30));
        assertThat(http.send(nodes.build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);

        // Three nodes joined one after another settle within a few update periods; ask until both agree.
        JsonNode api = null;
        JsonNode printed = null;
        deadline = System.currentTimeMillis() + LOG_WAIT_MILLIS;
        do {
            HttpResponse<String> r = http.send(nodes.header("Authorization", "Bearer " + m.group(2)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            api = JSON.readTree(r.body());
            printed = JSON.readTree(cli("nodes", "--peer", grid.address(0), "--json").out());
        } while (!(DashboardGrid.nodesById(api).equals(DashboardGrid.nodesById(printed))
                && api.get("count").asInt() == 3) && System.currentTimeMillis() < deadline && sleep());
        assertThat(DashboardGrid.nodesById(api)).isEqualTo(DashboardGrid.nodesById(printed));
        assertThat(api.get("count").asInt()).isEqualTo(3);
        assertThat(api.get("tilingOk").asBoolean()).isTrue();
    }

    private static boolean sleep() throws InterruptedException {
        Thread.sleep(300);
        return true;
    }

}
