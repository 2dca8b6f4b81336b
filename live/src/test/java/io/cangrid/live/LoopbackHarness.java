package io.cangrid.live;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.contract.RuntimeHarness;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The live runtime as a {@link RuntimeHarness}: every node a {@link LiveNode} on 127.0.0.1 (a free port),
 * all on one {@link LiveRuntime} with two event loops, in this JVM. Every wait is bounded; closing it crashes
 * every node it started and stops the runtime, whatever state the test left them in. Not reproducible: node
 * ids and each node's random seed come from a {@link java.security.SecureRandom}.
 */
public final class LoopbackHarness implements RuntimeHarness {

    public static final GridSecret SECRET = new GridSecret(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
    public static final String HOST = "127.0.0.1";
    /** The longest a node may take to start, or to answer a call. */
    private static final long CALL_SECONDS = 10;
    private static final long POLL_MILLIS = 10;

    private final LiveRuntime runtime;
    private final Map<NodeId, LiveNode> nodes = new LinkedHashMap<>();
    private boolean closed;

    /** Nodes of grid {@code loopback-test} with the shared test secret and default limits. */
    public LoopbackHarness() {
        this(NetConfig.of("loopback-test", SECRET));
    }

    public LoopbackHarness(NetConfig config) {
        this.runtime = new LiveRuntime(config, 2);
    }

    public LiveRuntime runtime() {
        return runtime;
    }

    /** A node started here. */
    public LiveNode node(NodeId id) {
        LiveNode node = nodes.get(id);
        if (node == null) {
            throw new IllegalArgumentException("no node " + id + " was started here");
        }
        return node;
    }

    /** Every node started here, crashed and stopped ones included, in the order they were started. */
    public List<LiveNode> nodes() {
        return new ArrayList<>(nodes.values());
    }

    @Override
    public String describe() {
        return "the live runtime on " + HOST + " (grid " + runtime.config().grid() + ")";
    }

    @Override
    public boolean deterministic() {
        return false;
    }

    @Override
    public NodeId add(NodeProgramFactory factory) {
        LiveNode node = runtime.bind(new InetSocketAddress(HOST, 0), null, 0);
        nodes.put(node.self(), node);
        bounded(node.start(factory), "start " + node.self());
        return node.self();
    }

    @Override
    public void crash(NodeId node) {
        node(node).crash();
    }

    @Override
    public void leave(NodeId node) {
        node(node).leave();
    }

    @Override
    public boolean isRunning(NodeId node) {
        return node(node).isRunning();
    }

    @Override
    public <T> T call(NodeId node, Function<NodeProgram, T> action) {
        return bounded(node(node).inspect(action), "call " + node);
    }

    private static <T> T bounded(java.util.concurrent.CompletableFuture<T> future, String what) {
        try {
            return future.get(CALL_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("could not " + what + " within " + CALL_SECONDS + " s", e);
        } catch (ExecutionException e) {
            throw new AssertionError("could not " + what + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting to " + what, e);
        }
    }

    @Override
    public void pass(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    @Override
    public boolean await(BooleanSupplier condition, long maxMillis) {
        long deadline = System.currentTimeMillis() + maxMillis;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() >= deadline) {
                return false;
            }
            pass(POLL_MILLIS);
        }
        return true;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (LiveNode n : nodes.values()) {
            n.crash();
        }
        runtime.close();
    }
}
