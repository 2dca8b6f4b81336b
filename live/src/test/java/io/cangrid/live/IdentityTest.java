package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.cangrid.jobs.gateway.GridSubmitted;
import io.cangrid.overlay.PeersRequest;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every session proves its own key, ids come from keys, and a token's role bounds what its holder may
 * send. Each test is a hostile member's attempt, shown failing, while the node keeps serving.
 */
class IdentityTest {

    private static final Duration WAIT = Duration.ofSeconds(5);
    private final TestAuthority grid = new TestAuthority("identity");
    private final LoopbackNodes nodes = new LoopbackNodes(grid.config(Role.NODE));

    @AfterEach
    void close() {
        nodes.close();
    }

    @Test
    void aNodesIdIsTheOneItsKeyAndLifeGive() throws Exception {
        NodeKey key = NodeKey.generate();
        LiveNode node = nodes.runtime.bind(new java.net.InetSocketAddress(LoopbackNodes.HOST, 0), null, 0, key);
        assertThat(node.self().value()).isEqualTo(NodeKey.nodeId(key.publicKey(), node.incarnation()));
        LiveNode again = nodes.runtime.bind(new java.net.InetSocketAddress(LoopbackNodes.HOST, 0), null, 0, key);
        assertThat(again.self().value()).as("a new life is a new node").isNotEqualTo(node.self().value());
    }

    @Test
    void aHelloWithAnotherNodesKeyIsRefused() throws Exception {
        LiveNode victim = nodes.start();
        LiveNode target = nodes.start();
        try (RawPeer impostor = RawPeer.connect(LoopbackNodes.HOST, target.self().port())) {
            // The impostor names the victim's public key (hence could name its id) but holds another key, so
            // it can neither make the victim's proof nor check the node's.
            impostor.claimKey(victim.key().publicKey());
            impostor.handshake(grid.token(Role.NODE), "identity", NodeKey.generate(), LoopbackNodes.HOST, 1);
            impostor.trySend(new GridSubmitted(1, null, "as the victim"));
            assertThat(impostor.closedByNode(3_000)).as("refused").isTrue();
        }
        assertThat(nodes.program(target).received).as("nothing delivered from the impostor").isEmpty();
        assertServes(target);
    }

    @Test
    void aSubmitTokenCannotSendOverlayMessages() throws Exception {
        LiveNode node = nodes.start();
        try (RawPeer client = RawPeer.connect(LoopbackNodes.HOST, node.self().port())) {
            assertThat(client.handshake(grid.token(Role.SUBMIT), "identity")).isTrue();
            client.send(new GridSubmitted(2, null, "overlay message from a client"));
            assertThat(client.closedByNode(3_000)).as("refused").isTrue();
        }
        assertThat(nodes.program(node).received).isEmpty();
        assertServes(node);
    }

    @Test
    void aSubmitTokenCannotJoinAsANode() throws Exception {
        LiveNode node = nodes.start();
        try (RawPeer pretender = RawPeer.connect(LoopbackNodes.HOST, node.self().port())) {
            pretender.handshake(grid.token(Role.SUBMIT), "identity", NodeKey.generate(), LoopbackNodes.HOST, 9);
            pretender.trySend(new PeersRequest(8));
            assertThat(pretender.closedByNode(3_000)).as("refused in the handshake").isTrue();
        }
        assertServes(node);
    }

    @Test
    void aReadTokenMayAskButNotSubmit() throws Exception {
        LiveNode node = nodes.start();
        try (LiveClient reader = new LiveClient(grid.config(Role.READ))) {
            assertThatThrownBy(() -> reader.ask(LoopbackNodes.HOST, node.self().port(),
                    new io.cangrid.jobs.gateway.GridSubmit(1, null, 1), WAIT))
                    .isInstanceOf(CredentialException.class).hasMessageContaining("read token does not allow");
        }
        try (RawPeer reader = RawPeer.connect(LoopbackNodes.HOST, node.self().port())) {
            assertThat(reader.handshake(grid.token(Role.READ), "identity")).isTrue();
            reader.send(new PeersRequest(3));
            assertThat(reader.closedByNode(500)).as("a question is allowed").isFalse();
            reader.send(new io.cangrid.jobs.gateway.GridCancel(4, null));
            assertThat(reader.closedByNode(3_000)).as("a cancel is not").isTrue();
        }
    }

    @Test
    void tokensOfAnotherAuthorityGridOrTimeAreRefused() throws Exception {
        LiveNode node = nodes.start();
        TestAuthority stranger = new TestAuthority("identity");
        AdmissionToken expired = grid.authority.issue(Role.NODE, Duration.ofHours(1), new byte[0],
                Instant.now().minus(Duration.ofDays(1)));
        AdmissionToken future = grid.authority.issue(Role.NODE, Duration.ofHours(1), new byte[0],
                Instant.now().plus(Duration.ofHours(2)));
        AdmissionToken forSomeoneElse = grid.authority.issue(Role.NODE, Duration.ofHours(1),
                NodeKey.generate().publicKey(), Instant.now());
        for (AdmissionToken bad : new AdmissionToken[] {stranger.token(Role.NODE), expired, future, forSomeoneElse}) {
            try (RawPeer p = RawPeer.connect(LoopbackNodes.HOST, node.self().port())) {
                p.handshake(bad, "identity");
                p.trySend(new PeersRequest(5));
                assertThat(p.closedByNode(3_000)).as("refused: %s", bad).isTrue();
            }
        }
        assertThat(nodes.program(node).received).isEmpty();
        assertServes(node);
    }

    @Test
    void aTokenForOneKeyAdmitsThatKey() throws Exception {
        LiveNode node = nodes.start();
        NodeKey mine = NodeKey.generate();
        AdmissionToken bound = grid.authority.issue(Role.NODE, Duration.ofHours(1), mine.publicKey(), Instant.now());
        try (LiveClient client = new LiveClient(NetConfig.of("identity", bound), mine)) {
            assertThat(client.ask(LoopbackNodes.HOST, node.self().port(), new GridSubmitted(6, null, "hi"), WAIT))
                    .isEqualTo(new GridSubmitted(-6, null, "hi"));
        }
    }

    @Test
    void aSharedSecretPeerIsRefusedByATokenGrid() throws Exception {
        LiveNode node = nodes.start();
        try (RawPeer p = RawPeer.connect(LoopbackNodes.HOST, node.self().port())) {
            try {
                p.handshake(LoopbackNodes.SECRET, "identity");
                p.trySend(new PeersRequest(5));
            } catch (IOException e) {
                // The node may close before our proof is out: refused either way.
            }
            assertThat(p.closedByNode(3_000)).isTrue();
        }
        assertServes(node);
    }

    /** The node still answers an honest member. */
    private void assertServes(LiveNode node) throws IOException {
        try (LiveClient honest = new LiveClient(grid.config(Role.NODE))) {
            assertThat(honest.ask(LoopbackNodes.HOST, node.self().port(), new GridSubmitted(99, null, "ok"), WAIT))
                    .as("still serving").isEqualTo(new GridSubmitted(-99, null, "ok"));
        }
        await().atMost(WAIT).until(node::isRunning);
    }
}
