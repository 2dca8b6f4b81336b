package io.cangrid.jobs.files;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Timer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.BiFunction;
import java.util.random.RandomGenerator;

/**
 * File services of a few nodes wired to each other in memory: each node has one thread, which runs what
 * is posted to it and the messages sent to it, so a service is called as a live node calls it. A node can
 * be given a filter that changes or drops what it sends (a hostile member, a cut link).
 */
final class WiredNodes implements AutoCloseable {

    final class Node implements NodeContext {
        final NodeId id;
        final FileService files;
        final ExecutorService thread = Executors.newSingleThreadExecutor();
        volatile BiFunction<NodeId, Message, Message> outgoing = (to, m) -> m;
        final LinkedBlockingQueue<Message> toClient = new LinkedBlockingQueue<>();

        Node(int i, Path dir, long capacity) throws java.io.IOException {
            this.id = new NodeId(100 + i, "127.0.0.1", 7000 + i);
            this.files = new FileService(this, new ChunkStore(dir.resolve("node" + i), capacity),
                    new FileQuotas(capacity, capacity, 1L << 40, 1L << 40));
        }

        @Override
        public NodeId self() {
            return id;
        }

        @Override
        public long now() {
            return System.currentTimeMillis();
        }

        @Override
        public Timer schedule(long delayMillis, Runnable action) {
            throw new UnsupportedOperationException("file transfers use no timers of the node");
        }

        @Override
        public RandomGenerator random() {
            return new SplittableRandom(id.value());
        }

        @Override
        public void send(NodeId to, Message message) {
            Message m = outgoing.apply(to, message);
            if (m == null) {
                return;
            }
            if (!to.hasAddress()) {
                toClient.add(m);
                return;
            }
            Node target = nodes.get(to.value());
            if (target != null) {
                target.thread.execute(() -> target.files.receive(id, m));
            }
        }

        @Override
        public void post(Runnable action) {
            thread.execute(action);
        }

        @Override
        public void exit() {
        }

        /** Delivers {@code m} from a client (a node id without address) on this node's thread. */
        void fromClient(Message m) {
            thread.execute(() -> files.receive(CLIENT, m));
        }
    }

    static final NodeId CLIENT = NodeId.of(1);
    private final Map<Long, Node> nodes = new ConcurrentHashMap<>();
    private final List<Node> all = new ArrayList<>();

    WiredNodes(Path dir, int count, long capacity) throws java.io.IOException {
        for (int i = 0; i < count; i++) {
            Node n = new Node(i, dir, capacity);
            nodes.put(n.id.value(), n);
            all.add(n);
        }
    }

    Node get(int i) {
        return all.get(i);
    }

    @Override
    public void close() {
        for (Node n : all) {
            n.files.close();
            n.thread.shutdownNow();
        }
    }
}
