package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.cangrid.jobs.gateway.GridSubmitted;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A node that connects from another address than the one it advertises is still served, and the node it
 * reaches says so once, however often it connects.
 */
class AddressMismatchTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private final LoopbackNodes nodes = new LoopbackNodes(LoopbackNodes.config("mismatch"));
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
    void aNodeConnectingFromAnotherAddressIsServedAndTheMismatchIsSaidOnce() throws Exception {
        LiveNode a = nodes.start();
        // Listens on 127.0.0.1 but advertises 127.0.0.2 (also this machine's loopback): it connects from 127.0.0.1.
        LiveNode b = nodes.runtime.bind(new InetSocketAddress(LoopbackNodes.HOST, 0), "127.0.0.2", 0);
        EchoProgram[] bp = new EchoProgram[1];
        b.start(c -> bp[0] = new EchoProgram(c)).get(5, TimeUnit.SECONDS);

        LoopbackNodes.send(b, a.self(), new GridSubmitted(-1, null, "first"));
        await().atMost(WAIT).until(() -> nodes.program(a).got(-1));
        b.post(() -> b.presumedDead(a.self())); // a new connection next time
        await().atMost(WAIT).until(() -> b.stats().connections() == 0);
        LoopbackNodes.send(b, a.self(), new GridSubmitted(-2, null, "second"));
        await().atMost(WAIT).until(() -> nodes.program(a).got(-2));

        assertThat(lines.list.stream().filter(e -> e.getFormattedMessage().contains("advertises 127.0.0.2 but connects"
                + " from 127.0.0.1"))).hasSize(1);
    }
}
