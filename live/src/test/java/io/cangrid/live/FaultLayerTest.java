package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cangrid.jobs.gateway.GridSubmitted;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's fault layer on 127.0.0.1: it cuts one way only, loses what it is told to, and delays without
 * reordering what goes to one peer; its file is read again while the node runs, and an absent file means
 * no faults.
 */
class FaultLayerTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private final LiveRuntime runtime = new LiveRuntime(LoopbackNodes.config("faults"), 2);

    @AfterEach
    void close() {
        runtime.close();
    }

    /** Keeps each ticket it receives with the time it arrived. */
    static final class Recorder implements NodeProgram {
        final Queue<long[]> got = new ConcurrentLinkedQueue<>();

        @Override
        public void start() {
        }

        @Override
        public void receive(NodeId from, Message message) {
            if (message instanceof GridSubmitted s) {
                got.add(new long[] {s.ticket(), System.currentTimeMillis()});
            }
        }

        @Override
        public void leave() {
        }

        boolean has(long ticket) {
            return got.stream().anyMatch(g -> g[0] == ticket);
        }

        List<Long> tickets() {
            return got.stream().map(g -> g[0]).toList();
        }
    }

    private record Started(LiveNode node, Recorder program) {
    }

    private Started start() throws Exception {
        LiveNode node = runtime.bind(new InetSocketAddress(LoopbackNodes.HOST, 0), null, 0);
        Recorder r = new Recorder();
        node.start((NodeContext c) -> r).get(5, TimeUnit.SECONDS);
        return new Started(node, r);
    }

    private void apply(LiveNode node, Path file, String text, LinkFaults expected) throws Exception {
        Files.writeString(file, text);
        node.faultsFrom(file);
        await().atMost(WAIT).until(() -> node.linkFaults().equals(expected));
    }

    @Test
    void aCutIsOneWayAndEndsWhenTheFileIsGone() throws Exception {
        Started a = start();
        Started b = start();
        Path file = dir.resolve("a.faults");
        apply(a.node(), file, "cut-to = 127.0.0.1\n", new LinkFaults(0, 0, 0, java.util.Set.of("127.0.0.1")));

        LoopbackNodes.send(b.node(), a.node().self(), new GridSubmitted(1, null, "b to a"));
        await().atMost(WAIT).until(() -> a.program().has(1));
        LoopbackNodes.send(a.node(), b.node().self(), new GridSubmitted(2, null, "a to b"));
        // b to a passed after a to b was sent: what a sent had its chance, on the connection b opened.
        LoopbackNodes.send(b.node(), a.node().self(), new GridSubmitted(3, null, "b to a again"));
        await().atMost(WAIT).until(() -> a.program().has(3));
        assertThat(b.program().has(2)).as("a's message crossed a cut").isFalse();
        assertThat(a.node().stats().dropped()).isEqualTo(1);

        Files.delete(file);
        await().atMost(WAIT).until(() -> a.node().linkFaults().none());
        LoopbackNodes.send(a.node(), b.node().self(), new GridSubmitted(4, null, "a to b, healed"));
        await().atMost(WAIT).until(() -> b.program().has(4));
    }

    @Test
    void totalLossDropsEverythingAndCountsIt() throws Exception {
        Started a = start();
        Started b = start();
        apply(a.node(), dir.resolve("a.faults"), "loss = 1\n", new LinkFaults(0, 0, 1, java.util.Set.of()));
        for (int i = 1; i <= 20; i++) {
            LoopbackNodes.send(a.node(), b.node().self(), new GridSubmitted(i, null, "lost"));
        }
        await().atMost(WAIT).until(() -> a.node().stats().dropped() == 20);
        LoopbackNodes.send(b.node(), a.node().self(), new GridSubmitted(99, null, "b still reaches a"));
        await().atMost(WAIT).until(() -> a.program().has(99));
        assertThat(b.program().got).isEmpty();
    }

    @Test
    void delayHoldsEveryMessageAtLeastItsLeastDelayAndKeepsTheirOrder() throws Exception {
        Started a = start();
        Started b = start();
        // Warm the connection first, so the delay is the only thing between send and arrival.
        LoopbackNodes.send(a.node(), b.node().self(), new GridSubmitted(1000, null, "warm"));
        await().atMost(WAIT).until(() -> b.program().has(1000));
        apply(a.node(), dir.resolve("a.faults"), "delay = 300ms\njitter = 200ms\n",
                new LinkFaults(300, 200, 0, java.util.Set.of()));

        long[] sentAt = new long[41];
        for (int i = 1; i <= 40; i++) {
            sentAt[i] = System.currentTimeMillis();
            LoopbackNodes.send(a.node(), b.node().self(), new GridSubmitted(i, null, "slow"));
        }
        await().atMost(WAIT).until(() -> b.program().got.size() == 41);
        List<long[]> got = List.copyOf(b.program().got).subList(1, 41);
        assertThat(got.stream().map(g -> g[0]).toList()).as("arrival order")
                .isEqualTo(java.util.stream.LongStream.rangeClosed(1, 40).boxed().toList());
        for (long[] g : got) {
            assertThat(g[1] - sentAt[(int) g[0]]).as("held of message %d", g[0]).isGreaterThanOrEqualTo(100);
        }
    }
}
