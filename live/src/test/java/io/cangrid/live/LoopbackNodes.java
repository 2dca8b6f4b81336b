package io.cangrid.live;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Live nodes on 127.0.0.1 (free ports) in one runtime, each running an {@link EchoProgram}. Closing it
 * stops the runtime and with it every node and connection.
 */
final class LoopbackNodes implements AutoCloseable {

    static final GridSecret SECRET = new GridSecret(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
    static final String HOST = "127.0.0.1";

    final LiveRuntime runtime;
    private final Map<Long, EchoProgram> programs = new ConcurrentHashMap<>();

    LoopbackNodes(NetConfig config) {
        this.runtime = new LiveRuntime(config, 2);
    }

    static NetConfig config(String grid) {
        return NetConfig.of(grid, SECRET);
    }

    LiveNode start() throws Exception {
        LiveNode node = runtime.bind(new InetSocketAddress(HOST, 0), null, 0);
        node.start(context -> {
            EchoProgram p = new EchoProgram(context);
            programs.put(context.self().value(), p);
            return p;
        }).get(5, TimeUnit.SECONDS);
        return node;
    }

    EchoProgram program(LiveNode node) {
        return programs.get(node.self().value());
    }

    /** Sends from {@code from}'s own thread, as its program would. */
    static void send(LiveNode from, NodeId to, Message m) {
        from.post(() -> from.send(to, m));
    }

    @Override
    public void close() {
        runtime.close();
    }
}
