package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cangrid.overlay.Message;
import io.cangrid.jobs.gateway.GridSubmitted;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A frame of exactly {@code grid.max-frame-size} is one the sender allows, so the receiver must accept it
 * too: the length prefix is not part of the frame. Before, the receiver counted the prefix against the
 * limit and closed the connection on such a frame.
 */
class FrameLimitTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final NetConfig config = LoopbackNodes.config("frame-limit");
    private final LoopbackNodes nodes = new LoopbackNodes(config);

    @AfterEach
    void close() {
        nodes.close();
    }

    @Test
    void aFrameOfExactlyTheLimitPassesBetweenNodesBothWays() throws Exception {
        LiveNode a = nodes.start();
        LiveNode b = nodes.start();
        GridSubmitted full = SizedMessages.withFrame(1, config.maxFrameBytes());

        LoopbackNodes.send(a, b.self(), full);

        await().atMost(WAIT).until(() -> nodes.program(b).got(1));
        await().atMost(WAIT).until(() -> nodes.program(a).got(-1));
        assertThat(nodes.runtime.rejectedConnections()).as("connections refused").isZero();
    }

    @Test
    void aFrameOfExactlyTheLimitPassesFromClientToNodeAndBack() throws Exception {
        LiveNode node = nodes.start();
        GridSubmitted full = SizedMessages.withFrame(7, config.maxFrameBytes());

        Message answer;
        try (LiveClient client = new LiveClient(config)) {
            answer = client.ask(LoopbackNodes.HOST, node.self().port(), full, WAIT);
        }

        assertThat(answer).isInstanceOfSatisfying(GridSubmitted.class, s -> {
            assertThat(s.ticket()).isEqualTo(-7);
            assertThat(s.refusal()).hasSameSizeAs(full.refusal());
        });
        assertThat(nodes.runtime.rejectedConnections()).as("connections refused").isZero();
    }
}
