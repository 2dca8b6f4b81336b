package io.cangrid.can.behaviour;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.overlay.PeersRequest;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.live.GridSecret;
import io.cangrid.live.LiveNode;
import io.cangrid.live.NetConfig;
import io.cangrid.live.RawPeer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Each kind of bad input, sent to one node of a live grid: the node closes that connection, and keeps
 * routing for everyone else (probes from every node, many through it, still arrive at their owners).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileInputTest {

    private static final String GRID = "test-grid";
    private static final long CLOSE_WITHIN_MILLIS = 4_000;

    private LiveHarness grid;
    private LiveNode target;
    private final SplittableRandom rnd = new SplittableRandom(3);
    private RawPeer peer;

    @BeforeAll
    void growGrid() {
        grid = new LiveHarness(250, NetConfig.of(GRID, LiveHarness.SECRET).withHandshakeMillis(2_000));
        List<NodeId> ids = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ids.add(grid.addNode(Point.of(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble())));
            grid.pass(60);
        }
        target = grid.node(ids.get(0));
        awaitSettled();
    }

    @AfterAll
    void stopGrid() {
        grid.close();
    }

    @AfterEach
    void closePeer() throws IOException {
        if (peer != null) {
            peer.close();
        }
        stillRoutes();
    }

    private RawPeer attacker() throws IOException {
        peer = RawPeer.connect(target.self().host(), target.self().port());
        return peer;
    }

    private OverlayInspector.Report awaitSettled() {
        OverlayInspector.Report r = null;
        for (int p = 0; p < 40; p++) {
            OverlayHarness.Snapshot s = grid.snapshot();
            r = OverlayInspector.inspectReports(s.active());
            if (s.joining() == 0 && s.active().size() == 6 && r.settled()) {
                return r;
            }
            grid.pass(250);
        }
        throw new AssertionError("grid did not settle: " + (r == null ? "" : r.describe()));
    }

    private void stillRoutes() {
        OverlayInspector.Report r = awaitSettled();
        List<NodeId> sources = new ArrayList<>();
        List<Point> targets = new ArrayList<>();
        for (var n : grid.snapshot().active()) {
            for (int i = 0; i < 5; i++) {
                sources.add(n.node());
                targets.add(Point.of(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble()));
            }
        }
        Map<Long, NodeId> arrived = grid.route(sources, targets, 5_000);
        assertThat(arrived).hasSize(targets.size());
        for (int i = 0; i < targets.size(); i++) {
            assertThat(arrived.get((long) i)).isEqualTo(r.index().ownerOf(targets.get(i)));
        }
    }

    private void assertRejected(RawPeer p, long rejectedBefore) throws IOException {
        assertThat(p.closedByNode(CLOSE_WITHIN_MILLIS)).as("connection closed by the node").isTrue();
        // A frame cut short is only noticed as the connection goes down, so the count may trail the close.
        long deadline = System.currentTimeMillis() + CLOSE_WITHIN_MILLIS;
        while (grid.runtime().rejectedConnections() <= rejectedBefore && System.currentTimeMillis() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(grid.runtime().rejectedConnections()).isGreaterThan(rejectedBefore);
    }

    private byte[] peersRequest() {
        return grid.runtime().codec().encode(new PeersRequest(1));
    }

    @Test
    void randomBytes() throws IOException {
        long before = grid.runtime().rejectedConnections();
        byte[] junk = new byte[2_000];
        new java.util.Random(11).nextBytes(junk);
        RawPeer p = attacker();
        p.sendRaw(junk);
        assertRejected(p, before);
    }

    @Test
    void truncatedFrame() throws IOException {
        long before = grid.runtime().rejectedConnections();
        RawPeer p = attacker();
        p.sendRaw(new byte[] {0, 0, 0, 100, 1, 2, 3, 4, 5});
        p.shutdownOutput();
        assertRejected(p, before);
    }

    @Test
    void eightMebibyteFrame() throws IOException {
        long before = grid.runtime().rejectedConnections();
        RawPeer p = attacker();
        byte[] header = {0, (byte) 0x80, 0, 0};
        p.sendRaw(header);
        try {
            p.sendRaw(new byte[64 * 1024]);
        } catch (IOException e) {
            // The node may already have closed: that is the point.
        }
        assertRejected(p, before);
    }

    @Test
    void unknownTypeId() throws IOException {
        long before = grid.runtime().rejectedConnections();
        RawPeer p = attacker();
        assertThat(p.handshake(LiveHarness.SECRET, GRID)).isTrue();
        p.sendFrame(p.seal(new byte[] {(byte) 0x8f, 0x4e, 0, 0, 0})); // var-int 9999, then junk
        assertRejected(p, before);
    }

    @Test
    void badMac() throws IOException {
        long before = grid.runtime().rejectedConnections();
        RawPeer p = attacker();
        assertThat(p.handshake(LiveHarness.SECRET, GRID)).isTrue();
        byte[] frame = p.seal(peersRequest());
        frame[frame.length - 1] ^= 1;
        p.sendFrame(frame);
        assertRejected(p, before);
    }

    @Test
    void replayedFrame() throws IOException {
        long before = grid.runtime().rejectedConnections();
        RawPeer p = attacker();
        assertThat(p.handshake(LiveHarness.SECRET, GRID)).isTrue();
        byte[] frame = p.seal(peersRequest());
        p.sendFrame(frame);
        assertThat(p.readFrame()).as("the genuine request is answered").isNotEmpty();
        assertThat(grid.runtime().rejectedConnections()).isEqualTo(before);
        p.sendFrame(frame);
        assertRejected(p, before);
    }

    @Test
    void wrongSecret() throws IOException {
        long before = grid.runtime().rejectedConnections();
        RawPeer p = attacker();
        GridSecret other = new GridSecret(new byte[] {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9});
        assertThat(p.handshake(other, GRID)).as("the node's proof fails under another secret").isFalse();
        assertRejected(p, before);
    }

    @Test
    void otherGridName() throws IOException {
        long before = grid.runtime().rejectedConnections();
        RawPeer p = attacker();
        try {
            p.handshake(LiveHarness.SECRET, "another-grid");
        } catch (IOException e) {
            // The node closes before answering.
        }
        assertRejected(p, before);
    }
}
