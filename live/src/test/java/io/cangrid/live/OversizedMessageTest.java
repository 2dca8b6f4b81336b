package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.cangrid.overlay.Message;
import io.cangrid.jobs.gateway.GridSubmitted;
import io.netty.channel.Channel;
import io.netty.channel.ChannelId;
import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A message too large for a frame is refused by its sender, with an error to whoever sent it, and never
 * written: the receiver would close the connection on it. Before, the write failed on a void promise,
 * which closed the connection (between nodes), or failed unseen, leaving a client to wait for its timeout.
 */
class OversizedMessageTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int OVER = 124;

    private final NetConfig config = LoopbackNodes.config("oversized");
    private final LoopbackNodes nodes = new LoopbackNodes(config);
    private final int limit = config.maxFrameBytes();
    private final Logger linksLog = (Logger) LoggerFactory.getLogger(PeerLinks.class);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void capture() {
        lines.start();
        linksLog.addAppender(lines);
    }

    @AfterEach
    void close() {
        linksLog.detachAppender(lines);
        nodes.close();
    }

    @Test
    void anOversizedMessageToAPeerIsDroppedAtTheSenderAndTheConnectionKeepsWorking() throws Exception {
        LiveNode a = nodes.start();
        LiveNode b = nodes.start();
        LoopbackNodes.send(a, b.self(), new GridSubmitted(1, null, "first"));
        await().atMost(WAIT).until(() -> nodes.program(a).got(-1));
        Set<ChannelId> connections = connectionsOf(a, b);
        long droppedBefore = a.stats().dropped();

        LoopbackNodes.send(a, b.self(), SizedMessages.withFrame(2, limit + OVER));
        LoopbackNodes.send(a, b.self(), new GridSubmitted(3, null, "after"));

        await().atMost(WAIT).until(() -> nodes.program(a).got(-3));
        assertThat(nodes.program(b).got(2)).as("the oversized message reached the peer").isFalse();
        assertThat(a.stats().dropped()).as("messages dropped by the sender").isEqualTo(droppedBefore + 1);
        assertThat(connectionsOf(a, b)).as("the connections, before and after").isEqualTo(connections);
        assertThat(nodes.runtime.rejectedConnections()).as("connections refused").isZero();
        assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).singleElement().asString()
                .contains("not sending GridSubmitted to", "message of " + (limit + OVER) + " bytes exceeds the"
                        + " grid's frame limit of " + limit + " bytes (grid.max-frame-size)");
    }

    @Test
    void anOversizedQuestionFailsTheAskAndTheNodeStillAnswersTheNextClient() throws Exception {
        LiveNode node = nodes.start();
        GridSubmitted tooLarge = SizedMessages.withFrame(4, limit + OVER);

        try (LiveClient client = new LiveClient(config)) {
            assertThatThrownBy(() -> client.ask(LoopbackNodes.HOST, node.self().port(), tooLarge, Duration.ofSeconds(3)))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("message of " + (limit + OVER) + " bytes exceeds the grid's frame limit of "
                            + limit + " bytes (grid.max-frame-size)");
        }
        Message answer;
        try (LiveClient next = new LiveClient(config)) {
            answer = next.ask(LoopbackNodes.HOST, node.self().port(), new GridSubmitted(5, null, "small"), WAIT);
        }

        assertThat(answer).isInstanceOfSatisfying(GridSubmitted.class, s -> assertThat(s.ticket()).isEqualTo(-5));
        assertThat(nodes.runtime.rejectedConnections()).as("connections refused").isZero();
    }

    private static Set<ChannelId> connectionsOf(LiveNode... nodes) {
        Set<ChannelId> ids = new HashSet<>();
        for (LiveNode n : nodes) {
            for (Channel ch : n.links().channels) {
                ids.add(ch.id());
            }
        }
        return ids;
    }
}
