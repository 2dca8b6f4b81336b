package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Text a stranger sends reaches the log escaped: a grid name with a newline in its hello cannot add a
 * line of its own. Before, the name was logged raw, so {@code "x\nFORGED"} wrote a second line that
 * began with whatever the stranger chose.
 */
class ForgedLogLineTest {

    private final LoopbackNodes nodes = new LoopbackNodes(LoopbackNodes.config("log-lines"));
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void capture() {
        lines.start();
        root.addAppender(lines);
    }

    @AfterEach
    void close() {
        root.detachAppender(lines);
        nodes.close();
    }

    @Test
    void aGridNameWithANewlineIsLoggedAsOneEscapedLine() throws Exception {
        LiveNode node = nodes.start();

        try (RawPeer stranger = RawPeer.connect(LoopbackNodes.HOST, node.self().port())) {
            try {
                stranger.handshake(LoopbackNodes.SECRET, "x\nFORGED");
            } catch (IOException e) {
                // The node closes instead of answering a hello of another grid.
            }
            assertThat(stranger.closedByNode(3_000)).as("closed by the node").isTrue();
        }

        await().atMost(Duration.ofSeconds(5)).until(() -> !forged().isEmpty());
        assertThat(forged()).singleElement().satisfies(e -> {
            assertThat(e.getLevel()).hasToString("WARN");
            assertThat(e.getFormattedMessage()).contains("grid 'x\\nFORGED'").doesNotContain("\n", "\r");
        });
    }

    private List<ILoggingEvent> forged() {
        synchronized (lines) {
            return lines.list.stream().filter(e -> e.getFormattedMessage().contains("FORGED")).toList();
        }
    }
}
