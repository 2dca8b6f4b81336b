package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.ClientSession;
import io.cangrid.live.LiveClient;
import io.cangrid.jobs.gateway.GridStatus;
import io.cangrid.live.client.GridClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client keeps one authenticated session with its node for all its requests: the node sees one connection
 * however many questions come, several may be outstanding on it at once, each answered in its own reply, and
 * a session the node closes fails its waiting questions then, not at their timeout.
 */
class ClientSessionTest {

    @TempDir
    Path dir;

    private LoopbackGrid grid;

    @BeforeEach
    void start() throws Exception {
        grid = LoopbackGrid.start(2, LoopbackGrid.randomSecret(), dir, ExecPolicy.parse("allow:sh"), 200,
                JobConfig.withHeartbeat(500), JobEvents.NONE, 1);
    }

    @AfterEach
    void stop() {
        grid.close();
    }

    private static JobSpec echo() {
        return JobSpec.of(new io.cangrid.overlay.resource.Requirements(new double[4]), 1)
                .withCommand(io.cangrid.jobs.JobCommand.of("sh", "-c", "echo hi"));
    }

    /**
     * The node's connections once they have stayed the same for a second: the nodes' own links, and each
     * node's one try of the other's advertised address, come and go as the grid starts.
     */
    private int settledConnections(int node) throws InterruptedException {
        int last = grid.node(node).stats().connections();
        long stableSince = System.nanoTime();
        long deadline = stableSince + 15_000_000_000L;
        while (System.nanoTime() - stableSince < 1_000_000_000L) {
            assertThat(System.nanoTime()).as("node %d's connections never settled (last %d)", node, last)
                    .isLessThan(deadline);
            Thread.sleep(50);
            int now = grid.node(node).stats().connections();
            if (now != last) {
                last = now;
                stableSince = System.nanoTime();
            }
        }
        return last;
    }

    @Test
    void manyRequestsShareOneConnection() throws Exception {
        int before = settledConnections(0);
        try (GridClient client = grid.client(0)) {
            JobId id = client.submit(echo());
            assertThat(grid.node(0).stats().connections()).as("the session stays open").isEqualTo(before + 1);
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<JobStatusReply>> asked = new ArrayList<>();
                for (int i = 0; i < 32; i++) {
                    asked.add(pool.submit(() -> client.status(id)));
                }
                for (Future<JobStatusReply> f : asked) {
                    assertThat(f.get().job()).isEqualTo(id);
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(grid.node(0).stats().connections()).as("33 requests, one connection").isEqualTo(before + 1);
        }
    }

    @Test
    void aSessionTheNodeClosesFailsWhatWaits() throws Exception {
        try (LiveClient live = new LiveClient(grid.net())) {
            ClientSession session = live.open("127.0.0.1", port(0), GridClient::ticketOf, Duration.ofSeconds(5));
            JobId unknown;
            try (GridClient other = grid.client(1)) {
                unknown = other.submit(echo());
            }
            assertThat(((JobStatusReply) session.ask(new GridStatus(7, unknown), 7, Duration.ofSeconds(5))).ticket())
                    .isEqualTo(7);
            grid.crash(0);
            long asked = System.nanoTime();
            assertThatThrownBy(() -> session.ask(new GridStatus(8, unknown), 8, Duration.ofSeconds(20)))
                    .isInstanceOf(IOException.class);
            assertThat((System.nanoTime() - asked) / 1_000_000).as("failed when the node went, not at the timeout")
                    .isLessThan(15_000);
            assertThat(session.isOpen()).isFalse();
        }
    }

    private int port(int i) {
        String a = grid.address(i);
        return Integer.parseInt(a.substring(a.lastIndexOf(':') + 1));
    }
}
