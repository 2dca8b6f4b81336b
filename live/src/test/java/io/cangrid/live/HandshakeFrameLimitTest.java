package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Before its handshake a connection may send frames of a hello's size only: a stranger announcing a larger
 * frame is cut off as soon as its length arrives, so a node never buffers more than that for it. Before,
 * a node buffered up to the full frame limit (1 MiB) for every unauthenticated connection.
 */
class HandshakeFrameLimitTest {

    private final NetConfig config = LoopbackNodes.config("handshake-frames")
            .withHandshakeMillis(30_000); // so that only the frame limit can close the connection in time
    private final LoopbackNodes nodes = new LoopbackNodes(config);
    private final Logger rejectLog = (Logger) LoggerFactory.getLogger(RejectLog.class);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void capture() {
        lines.start();
        rejectLog.addAppender(lines);
    }

    @AfterEach
    void close() {
        rejectLog.detachAppender(lines);
        nodes.close();
    }

    @Test
    void aPartialFrameLongerThanTheHandshakeLimitClosesTheConnection() throws Exception {
        LiveNode node = nodes.start();
        int announced = config.maxHandshakeFrameBytes() + 1;
        ByteBuffer partial = ByteBuffer.allocate(4 + 200).putInt(announced);

        try (RawPeer stranger = RawPeer.connect(LoopbackNodes.HOST, node.self().port())) {
            stranger.sendRaw(partial.array()); // 200 of the announced bytes; the rest never comes

            assertThat(stranger.closedByNode(3_000)).as("closed by the node before the frame is complete").isTrue();
        }
        assertThat(nodes.runtime.rejectedConnections()).isEqualTo(1);
        assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).singleElement().asString()
                .contains("frame of " + announced + " bytes before the handshake is done");
    }
}
