package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.cangrid.jobs.gateway.GridSubmitted;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A node whose advertised address no peer can open a connection to (nothing listens at that port) hears
 * so from the first peer it connects to, in one line however many peers find it; it is served meanwhile.
 * The peer tries only the host the node connects from, so a member cannot point nodes at another machine.
 */
class UnreachableAdvertiseTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private final LoopbackNodes nodes = new LoopbackNodes(LoopbackNodes.config("reach"));
    private final Logger nodeLog = (Logger) LoggerFactory.getLogger(LiveNode.class);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void capture() {
        lines.start();
        nodeLog.addAppender(lines);
    }

    @AfterEach
    void close() {
        nodeLog.detachAppender(lines);
        nodes.close();
    }

    @Test
    void aNodeAdvertisingAPortNothingListensOnIsToldOnceByThePeersItMeets() throws Exception {
        LiveNode a = nodes.start();
        LiveNode c = nodes.start();
        int closed = freePort();
        // Listens on an ephemeral port but advertises another, where nothing listens.
        LiveNode b = nodes.runtime.bind(new InetSocketAddress(LoopbackNodes.HOST, 0), LoopbackNodes.HOST, closed);
        b.start(EchoProgram::new).get(5, TimeUnit.SECONDS);

        LoopbackNodes.send(b, a.self(), new GridSubmitted(-1, null, "to a"));
        LoopbackNodes.send(b, c.self(), new GridSubmitted(-2, null, "to c"));
        await().atMost(WAIT).until(() -> nodes.program(a).got(-1) && nodes.program(c).got(-2));
        await().atMost(WAIT).until(() -> said(closed) >= 1);
        // c's word, on its way as a's arrived, has had ample time to come as well.
        Thread.sleep(500);
        assertThat(said(closed)).as("one line however many peers find it").isEqualTo(1);
        assertThat(lines.list.stream().map(ILoggingEvent::getFormattedMessage)
                .filter(m -> m.contains("cannot reach this node at 127.0.0.1:" + closed)).findFirst().orElseThrow())
                .contains("--advertise").contains("firewall");
    }

    @Test
    void aNodeReachableWhereItSaysHearsNothing() throws Exception {
        LiveNode a = nodes.start();
        LiveNode b = nodes.start();
        LoopbackNodes.send(b, a.self(), new GridSubmitted(-1, null, "to a"));
        await().atMost(WAIT).until(() -> nodes.program(a).got(-1));
        Thread.sleep(500);
        assertThat(lines.list).noneMatch(e -> e.getFormattedMessage().contains("cannot reach this node"));
    }

    @Test
    void aNodeAdvertisingAnotherHostIsNotTriedThere() throws Exception {
        LiveNode a = nodes.start();
        try (ServerSocket elsewhere = new ServerSocket()) {
            // Another machine, as far as a can tell: a member advertising it must not make a connect there.
            elsewhere.bind(new InetSocketAddress("127.0.0.2", 0));
            elsewhere.setSoTimeout(1500);
            LiveNode b = nodes.runtime.bind(new InetSocketAddress(LoopbackNodes.HOST, 0), "127.0.0.2",
                    elsewhere.getLocalPort());
            b.start(EchoProgram::new).get(5, TimeUnit.SECONDS);
            LoopbackNodes.send(b, a.self(), new GridSubmitted(-1, null, "to a"));
            await().atMost(WAIT).until(() -> nodes.program(a).got(-1));
            boolean reached;
            try (var s = elsewhere.accept()) {
                reached = true;
            } catch (SocketTimeoutException e) {
                reached = false;
            }
            assertThat(reached).as("a connection to the advertised host b does not connect from").isFalse();
        }
    }

    @Test
    void aWordAboutAnotherAddressIsIgnored() throws Exception {
        LiveNode a = nodes.start();
        LiveNode b = nodes.start();
        LoopbackNodes.send(b, a.self(), new ReachNotice("127.0.0.1", a.self().port() + 1, "refused"));
        LoopbackNodes.send(b, a.self(), new ReachNotice(a.self().host(), a.self().port(), "x".repeat(301)));
        LoopbackNodes.send(b, a.self(), new GridSubmitted(-1, null, "after"));
        await().atMost(WAIT).until(() -> nodes.program(a).got(-1));
        assertThat(lines.list).noneMatch(e -> e.getFormattedMessage().contains("cannot reach this node"));
    }

    private long said(int port) {
        return lines.list.stream().filter(e -> e.getFormattedMessage().contains("cannot reach this node at 127.0.0.1:"
                + port)).count();
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName(LoopbackNodes.HOST))) {
            return s.getLocalPort();
        }
    }
}
