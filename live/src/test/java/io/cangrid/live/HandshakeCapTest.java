package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cangrid.overlay.Message;
import io.cangrid.jobs.gateway.GridSubmitted;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A node's grid port holds only so many connections in their handshake, in all and per source address;
 * one over a cap is closed at once, while authenticated connections carry on. Before, a stranger could
 * open unauthenticated connections without limit, each holding a buffer and a deadline until it expired.
 */
class HandshakeCapTest {

    private static final String GRID = "handshake-caps";
    private static final int CAP = 4;
    private static final long AT_ONCE_MILLIS = 2_000;
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final List<RawPeer> opened = new ArrayList<>();
    private LoopbackNodes nodes;

    @AfterEach
    void close() throws IOException {
        for (RawPeer p : opened) {
            p.close();
        }
        nodes.close();
    }

    @Test
    void moreUnauthenticatedConnectionsFromOneAddressThanItsCapAreClosedAtOnce() throws Exception {
        // Handshakes would expire long after the test: only the cap can close a connection in time.
        NetConfig config = LoopbackNodes.config(GRID).withHandshakeMillis(30_000).withMaxHandshakesPerAddress(CAP);
        nodes = new LoopbackNodes(config);
        LiveNode node = nodes.start();
        RawPeer client = connect(node);
        assertThat(client.handshake(LoopbackNodes.SECRET, GRID)).as("client authenticated").isTrue();
        // The client is done once its proof is sent; the node frees its slot once that proof is read.
        await().atMost(WAIT).until(() -> node.inspect(p -> node.links().inHandshake()).get(5, TimeUnit.SECONDS) == 0);

        List<RawPeer> admitted = new ArrayList<>();
        for (int i = 0; i < CAP; i++) {
            admitted.add(connect(node));
        }
        for (int i = 0; i < 2; i++) {
            assertThat(connect(node).closedByNode(AT_ONCE_MILLIS)).as("connection over the cap closed").isTrue();
        }

        assertThat(nodes.runtime.rejectedConnections()).as("connections refused").isEqualTo(2);
        assertThat(admitted.get(CAP - 1).closedByNode(200)).as("the last connection within the cap").isFalse();
        assertThat(ask(client, 9)).as("the authenticated client's answer").isEqualTo(-9);

        for (RawPeer p : admitted) {
            p.close();
        }
        await().atMost(WAIT).until(() -> node.inspect(p -> node.links().inHandshake()).get(5, TimeUnit.SECONDS) == 0);
        try (LiveClient later = new LiveClient(config)) {
            Message answer = later.ask(LoopbackNodes.HOST, node.self().port(), new GridSubmitted(10, null, "x"), WAIT);
            assertThat(answer).as("a new client once the slots are free").isEqualTo(new GridSubmitted(-10, null, "x"));
        }
    }

    @Test
    void moreUnauthenticatedConnectionsThanTheTotalCapAreClosedAtOnce() throws Exception {
        NetConfig config = LoopbackNodes.config(GRID).withHandshakeMillis(30_000).withMaxHandshakes(CAP);
        nodes = new LoopbackNodes(config);
        LiveNode node = nodes.start();

        for (int i = 0; i < CAP; i++) {
            connect(node);
        }
        assertThat(connect(node).closedByNode(AT_ONCE_MILLIS)).as("connection over the cap closed").isTrue();

        assertThat(nodes.runtime.rejectedConnections()).as("connections refused").isEqualTo(1);
        assertThat(opened.get(CAP - 1).closedByNode(200)).as("the last connection within the cap").isFalse();
    }

    private RawPeer connect(LiveNode node) throws IOException {
        RawPeer p = RawPeer.connect(LoopbackNodes.HOST, node.self().port());
        opened.add(p);
        return p;
    }

    /** Sends an echo request over an authenticated raw connection and returns the ticket answered. */
    private long ask(RawPeer client, long ticket) throws IOException {
        client.sendFrame(client.seal(nodes.runtime.codec().encode(new GridSubmitted(ticket, null, "?"))));
        Message answer = nodes.runtime.codec().decode(client.open(client.readFrame()));
        return ((GridSubmitted) answer).ticket();
    }
}
