package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cangrid.jobs.gateway.GridSubmitted;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A peer the program presumes dead loses its connections on this side, so that the next message, once the
 * peer is back, goes on a new connection rather than behind one a partition left half open; and it does go.
 */
class PresumedDeadTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private final LoopbackNodes nodes = new LoopbackNodes(LoopbackNodes.config("presumed-dead"));

    @AfterEach
    void close() {
        nodes.close();
    }

    @Test
    void aPeerPresumedDeadLosesItsConnectionsAndIsReachedAgainOnANewOne() throws Exception {
        LiveNode a = nodes.start();
        LiveNode b = nodes.start();
        LoopbackNodes.send(a, b.self(), new GridSubmitted(1, null, "before"));
        await().atMost(WAIT).until(() -> nodes.program(a).got(-1));
        assertThat(a.stats().connections()).isPositive();

        a.post(() -> a.presumedDead(b.self()));
        await().atMost(WAIT).until(() -> a.stats().connections() == 0);

        LoopbackNodes.send(a, b.self(), new GridSubmitted(2, null, "after"));
        await().atMost(WAIT).until(() -> nodes.program(a).got(-2));
    }
}
