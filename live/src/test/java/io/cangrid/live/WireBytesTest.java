package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cangrid.jobs.gateway.GridSubmitted;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A node counts the bytes it writes to its sockets: what {@code bench net} reports as a node's bandwidth. */
class WireBytesTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final LoopbackNodes nodes = new LoopbackNodes(LoopbackNodes.config("wire-bytes"));

    @AfterEach
    void close() {
        nodes.close();
    }

    @Test
    void aFrameCountsItsBodyItsMacAndItsLengthPrefixAtTheSenderAlone() throws Exception {
        LiveNode a = nodes.start();
        LiveNode b = nodes.start();
        assertThat(a.stats().bytesWritten()).isZero();
        LoopbackNodes.send(a, b.self(), new GridSubmitted(1, null, "first"));
        await().atMost(WAIT).until(() -> nodes.program(a).got(-1));
        long aBefore = a.stats().bytesWritten();
        long bBefore = b.stats().bytesWritten();
        // The handshake and the first message and its echo have been written both ways.
        assertThat(aBefore).isPositive();
        assertThat(bBefore).isPositive();

        int frame = 10_000;
        LoopbackNodes.send(a, b.self(), SizedMessages.withFrame(2, frame));
        await().atMost(WAIT).until(() -> nodes.program(b).got(2));
        assertThat(a.stats().bytesWritten() - aBefore).isEqualTo(frame + 4);
    }
}
