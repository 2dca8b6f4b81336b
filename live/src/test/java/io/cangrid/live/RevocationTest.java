package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.cangrid.jobs.gateway.GridSubmitted;
import io.cangrid.overlay.Message;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The authority revokes a node: the revocation spreads from the node that got it to the nodes it is
 * connected to, every session with the revoked node ends, it cannot come back (not even in a new life
 * with the same key), and the revocation outlives a restart.
 */
class RevocationTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private final TestAuthority grid = new TestAuthority("revocation");
    private final LoopbackNodes nodes = new LoopbackNodes(grid.config(Role.NODE));

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        nodes.close();
    }

    @Test
    void aRevokedNodeLosesItsSessionsEverywhereAndCannotComeBack() throws Exception {
        LiveNode a = nodes.start();
        LiveNode b = nodes.start();
        NodeKey revokedKey = NodeKey.generate();
        LiveNode c = startWith(revokedKey);
        connect(a, b);
        connect(a, c);
        connect(b, c);

        Message reply = deliver(a, grid.authority.revokeKey(revokedKey.publicKey(), Instant.now()));
        assertThat(reply).isEqualTo(new RevocationReply(true, "in force from now on"));

        await().atMost(WAIT).untilAsserted(() -> {
            assertThat(a.sessionsWith(c.self().value()).get()).as("a's sessions with c").isZero();
            assertThat(b.sessionsWith(c.self().value()).get()).as("b's sessions with c (b heard it from a)").isZero();
        });
        assertThat(b.revocations().all()).hasSize(1);
        assertThat(a.sessionsWith(b.self().value()).get()).as("honest sessions stay").isPositive();

        int beforeA = nodes.program(a).received.size();
        int beforeB = nodes.program(b).received.size();
        LoopbackNodes.send(c, a.self(), new GridSubmitted(7, null, "from the revoked"));
        // A new life of the revoked key: its own side of the handshake completes, b's refuses it.
        LiveNode reborn = startWith(revokedKey);
        LoopbackNodes.send(reborn, b.self(), new GridSubmitted(8, null, "from the revoked, reborn"));
        await().during(Duration.ofMillis(500)).atMost(WAIT).untilAsserted(() -> {
            assertThat(b.sessionsWith(reborn.self().value()).get()).as("b's sessions with the new life").isZero();
            assertThat(a.sessionsWith(c.self().value()).get()).isZero();
        });
        assertThat(nodes.program(a).received).as("nothing from the revoked node arrives").hasSize(beforeA);
        assertThat(nodes.program(b).received).as("nor from its new life").hasSize(beforeB);
    }

    @Test
    void revocationsOutliveARestart() {
        Revocations kept = new Revocations(grid.authority.key().publicKey());
        kept.keepIn(dir.resolve("revocations"));
        byte[] key = NodeKey.generate().publicKey();
        assertThat(kept.accept(grid.authority.revokeKey(key, Instant.now()))).isEqualTo(Revocations.Outcome.NEW);

        Revocations restarted = new Revocations(grid.authority.key().publicKey());
        restarted.keepIn(dir.resolve("revocations"));
        assertThat(restarted.refuses(key, 1, null)).isTrue();
        assertThat(restarted.refuses(NodeKey.generate().publicKey(), 1, null)).isFalse();
    }

    @Test
    void onlyTheGridsAuthorityRevokes() throws Exception {
        LiveNode a = nodes.start();
        LiveNode b = nodes.start();
        connect(a, b);
        GridAuthority stranger = new GridAuthority("revocation", NodeKey.generate());
        Message reply = deliver(a, stranger.revokeKey(b.key().publicKey(), Instant.now()));
        assertThat(reply).isInstanceOfSatisfying(RevocationReply.class, r -> {
            assertThat(r.inForce()).isFalse();
            assertThat(r.detail()).contains("not by this grid's authority");
        });
        assertThat(a.sessionsWith(b.self().value()).get()).isPositive();
        assertThat(a.revocations().all()).isEmpty();
    }

    @Test
    void aGridOfOneSharedSecretHasNoOneToRevoke() {
        Revocations none = new Revocations(null);
        assertThatThrownBy(() -> none.accept(grid.authority.revokeKey(new byte[32], Instant.now())))
                .isInstanceOf(CredentialException.class).hasMessageContaining("shared secret");
    }

    private LiveNode startWith(NodeKey key) throws Exception {
        LiveNode node = nodes.runtime.bind(new InetSocketAddress(LoopbackNodes.HOST, 0), null, 0, key);
        node.start(EchoProgram::new).get(5, TimeUnit.SECONDS);
        return node;
    }

    private static void connect(LiveNode from, LiveNode to) throws Exception {
        from.identify(LoopbackNodes.HOST, to.self().port()).get(5, TimeUnit.SECONDS);
    }

    private Message deliver(LiveNode to, Revocation r) throws Exception {
        try (LiveClient authority = new LiveClient(grid.config(Role.READ))) {
            return authority.ask(LoopbackNodes.HOST, to.self().port(), new RevocationNotice(r.encode()), WAIT);
        }
    }
}
