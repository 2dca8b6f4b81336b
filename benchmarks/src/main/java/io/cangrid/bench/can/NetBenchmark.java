package io.cangrid.bench.can;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanNodeProgram;
import io.cangrid.can.CanPhase;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.inspect.NodeReport;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.message.RouteEnvelope;
import io.cangrid.can.message.RoutingProbe;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.live.GridAuthority;
import io.cangrid.live.GridSecret;
import io.cangrid.live.LiveClient;
import io.cangrid.live.NodeKey;
import io.cangrid.live.Role;
import io.cangrid.overlay.ClientRequest;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeProgram;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import io.cangrid.live.LiveNode;
import io.cangrid.live.LiveRuntime;
import io.cangrid.live.NetConfig;
import io.cangrid.overlay.resource.Capabilities;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The live runtime on loopback, in one JVM: (1) how many routed messages one node takes in and forwards
 * per second, with a sender and a receiver beside it, all over authenticated TCP; (2) how many full
 * handshakes (connect, both sides' proofs, one question, close) one node takes per second; (3) heap per idle
 * node, the time a grid of many nodes takes to join and settle, and what those nodes then send while idle
 * (the overlay's own upkeep: neighbour state and proof of life). Driver code: it reads nodes on their threads.
 */
public final class NetBenchmark {

    /** What one run measured. */
    /**
     * @param routedPerSecond routed messages over the wall time of the run
     * @param routerCpuSeconds CPU time of the routing node's thread during the run
     * @param routedPerRouterCpuSecond routed messages per second of the router's own CPU: what one node can
     *     route when it has a core to itself, which it does not here, where the sender and the receiver (as
     *     much work again) share the machine's two cores with it
     * @param admission how sessions were admitted: {@code secret} (the grid's shared secret) or {@code token}
     *     (admission tokens of an authority); every session proves its own key either way
     * @param handshakesPerSecond client connections opened, authenticated (both sides' handshake), asked one
     *     question and closed, per second, by {@link #HANDSHAKE_CLIENTS} clients against one node
     * @param idleSeconds how long the settled idle nodes were watched ({@link #IDLE_PERIODS} update periods)
     * @param idleBytesPerSecondPerNode bytes the idle nodes wrote to their sockets meanwhile (frames with their
     *     prefixes and MACs), per second and node: a node's idle bandwidth at this update period
     * @param idleBytesPerNodePerPeriod the same per update period rather than per second
     * @param idleMessagesPerSecondPerNode messages the idle nodes sent meanwhile, per second and node
     */
    public record Result(long routedMessages, double routeSeconds, double routedPerSecond, double routerCpuSeconds,
            double routedPerRouterCpuSecond, int idleNodes, double heapBytesPerIdleNode, double joinAndSettleSeconds,
            long updatePeriodMillis, boolean settled, long rejectedConnections, String admission, long handshakes,
            double handshakesPerSecond, double idleSeconds, double idleBytesPerSecondPerNode,
            double idleBytesPerNodePerPeriod, double idleMessagesPerSecondPerNode) {
    }

    /** What a handshake client asks: the node sends it back. */
    public record HandshakeProbe(long n) implements ClientRequest {
    }

    static final int HANDSHAKE_CLIENTS = 2;
    /** Update periods the settled idle grid is watched for its traffic. */
    static final int IDLE_PERIODS = 20;
    private static final long HANDSHAKE_MILLIS = 3_000;

    private static final long ROUTE_PERIOD_MILLIS = 5_000;
    private static final int WINDOW = 8_192;
    private static final int BATCH = 512;

    private NetBenchmark() {
    }

    public static Result run(int idleNodes, long routeMillis, long periodMillis) {
        return run(idleNodes, routeMillis, periodMillis, false);
    }

    /** @param tokens admit sessions by tokens of an authority made for the run, rather than a shared secret */
    public static Result run(int idleNodes, long routeMillis, long periodMillis, boolean tokens) {
        NetConfig net = tokens ? NetConfig.of("bench", new GridAuthority("bench", NodeKey.generate())
                .issue(Role.NODE, Duration.ofHours(1), new byte[0], Instant.now()))
                : NetConfig.of("bench", newSecret());
        long[] routed = new long[1];
        double[] routerCpu = new double[1];
        double routeSeconds;
        try (LiveRuntime runtime = new LiveRuntime(net, 2)) {
            // A flood queues state updates behind it: a long period keeps failure detection out of the measure.
            routeSeconds = routeThroughOne(runtime, routeMillis, ROUTE_PERIOD_MILLIS, routed, routerCpu);
        }
        long[] handshakes = new long[1];
        double handshakeSeconds;
        try (LiveRuntime runtime = new LiveRuntime(net, 1)) {
            handshakeSeconds = handshakes(runtime, net, handshakes);
        }
        Runtime rt = Runtime.getRuntime();
        long before = usedHeap(rt);
        long start = System.nanoTime();
        LiveRuntime runtime = new LiveRuntime(net, 2);
        List<LiveNode> nodes = new ArrayList<>();
        boolean settled;
        double settleSeconds;
        double perNode;
        long rejected;
        double idleSeconds;
        long idleBytes;
        long idleMessages;
        try {
            CanConfig can = CanConfig.withUpdatePeriod(periodMillis);
            SecureRandom rnd = new SecureRandom();
            for (int i = 0; i < idleNodes; i++) {
                nodes.add(add(runtime, can, Point.of(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble(),
                        rnd.nextDouble()), nodes));
            }
            settled = awaitSettled(nodes, idleNodes, periodMillis, 120);
            settleSeconds = (System.nanoTime() - start) / 1e9;
            perNode = (usedHeap(rt) - before) / (double) idleNodes;
            long bytes0 = 0;
            long messages0 = 0;
            for (LiveNode n : nodes) {
                bytes0 += n.stats().bytesWritten();
                messages0 += n.stats().sent();
            }
            long t0 = System.nanoTime();
            sleep(IDLE_PERIODS * periodMillis);
            idleSeconds = (System.nanoTime() - t0) / 1e9;
            idleBytes = -bytes0;
            idleMessages = -messages0;
            for (LiveNode n : nodes) {
                idleBytes += n.stats().bytesWritten();
                idleMessages += n.stats().sent();
            }
            rejected = runtime.rejectedConnections();
        } finally {
            for (LiveNode n : nodes) {
                n.crash();
            }
            runtime.close();
        }
        return new Result(routed[0], routeSeconds, routed[0] / routeSeconds, routerCpu[0],
                routerCpu[0] > 0 ? routed[0] / routerCpu[0] : 0, idleNodes, perNode, settleSeconds, periodMillis,
                settled, rejected, tokens ? "token" : "secret", handshakes[0], handshakes[0] / handshakeSeconds,
                idleSeconds, idleBytes / idleSeconds / idleNodes,
                idleBytes / idleSeconds / idleNodes * periodMillis / 1000.0, idleMessages / idleSeconds / idleNodes);
    }

    /**
     * One node; {@link #HANDSHAKE_CLIENTS} clients each open a connection, authenticate, ask the node who it
     * is and close, again and again: every round trip is one full handshake on both sides.
     */
    private static double handshakes(LiveRuntime runtime, NetConfig net, long[] count) {
        LiveNode node = runtime.bind(new InetSocketAddress("127.0.0.1", 0), null, 0);
        node.start(ctx -> new NodeProgram() {
            @Override
            public void start() {
            }

            @Override
            public void receive(NodeId from, Message message) {
                ctx.send(from, message);
            }

            @Override
            public void leave() {
                ctx.exit();
            }
        }).join();
        AtomicLong done = new AtomicLong();
        long t0 = System.nanoTime();
        long deadline = t0 + TimeUnit.MILLISECONDS.toNanos(HANDSHAKE_MILLIS);
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < HANDSHAKE_CLIENTS; c++) {
            Thread t = new Thread(() -> {
                try (LiveClient client = new LiveClient(net)) {
                    while (System.nanoTime() < deadline) {
                        client.ask("127.0.0.1", node.self().port(), new HandshakeProbe(1), Duration.ofSeconds(5));
                        done.incrementAndGet();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, "bench-handshakes-" + c);
            clients.add(t);
            t.start();
        }
        for (Thread t : clients) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        node.crash();
        count[0] = done.get();
        return seconds;
    }

    /**
     * Three nodes; the sender hands envelopes to the middle node for points in the receiver's zone, so the
     * middle node takes each in, routes it, and sends it on. A window of unacknowledged envelopes keeps the
     * sender from burying the others.
     */
    private static double routeThroughOne(LiveRuntime runtime, long millis, long periodMillis, long[] routed,
            double[] routerCpu) {
        CanConfig can = CanConfig.withUpdatePeriod(periodMillis);
        List<LiveNode> nodes = new ArrayList<>();
        nodes.add(add(runtime, can, Point.of(0.25, 0.5), nodes));
        nodes.add(add(runtime, can, Point.of(0.75, 0.25), nodes));
        nodes.add(add(runtime, can, Point.of(0.75, 0.75), nodes));
        try {
            if (!awaitSettled(nodes, 3, periodMillis, 60)) {
                throw new IllegalStateException("three loopback nodes did not settle");
            }
            LiveNode sender = nodes.get(0);
            LiveNode middle = nodes.get(1);
            LiveNode receiver = nodes.get(2);
            Zone target = receiver.inspect(p -> canOf(p).zones()[0]).join();
            Point inside = Point.of(centre(target));
            AtomicLong delivered = new AtomicLong();
            for (LiveNode n : nodes) {
                n.inspect(p -> {
                    canOf(p).setRoutedHandler((t, payload, hops) -> delivered.incrementAndGet());
                    return null;
                }).join();
            }
            long middleInBefore = middle.stats().delivered();
            long routerThread = middle.inspect(p -> Thread.currentThread().getId()).join();
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long cpuBefore = threads.getThreadCpuTime(routerThread);
            long[] sent = new long[1];
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            Runnable[] pump = new Runnable[1];
            pump[0] = () -> {
                if (System.nanoTime() > deadline) {
                    return;
                }
                int room = (int) Math.min(BATCH, WINDOW - (sent[0] - delivered.get()));
                for (int i = 0; i < room; i++) {
                    sender.send(middle.self(), new RouteEnvelope(inside, sender.self(), 0, 64,
                            new RoutingProbe(sent[0]++)));
                }
                if (room > 0) {
                    sender.post(pump[0]);
                } else {
                    sender.schedule(1, pump[0]);
                }
            };
            long t0 = System.nanoTime();
            sender.post(pump[0]);
            while (System.nanoTime() < deadline) {
                sleep(50);
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (delivered.get() < sent(sender, sent) && System.nanoTime() < end) {
                sleep(10);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            // What the middle node took in, as long as it forwarded it: in and out is one routed message.
            routed[0] = Math.min(middle.stats().delivered() - middleInBefore, delivered.get());
            long cpuAfter = threads.getThreadCpuTime(routerThread);
            routerCpu[0] = cpuBefore < 0 || cpuAfter < 0 ? 0 : (cpuAfter - cpuBefore) / 1e9;
            return seconds;
        } finally {
            for (LiveNode n : nodes) {
                n.crash();
            }
        }
    }

    private static long sent(LiveNode sender, long[] sent) {
        return sender.inspect(p -> sent[0]).join();
    }

    private static double[] centre(Zone z) {
        double[] c = new double[z.dimensions()];
        for (int d = 0; d < c.length; d++) {
            c[d] = (z.lo(d) + z.hi(d)) / 2;
        }
        return c;
    }

    private static LiveNode add(LiveRuntime runtime, CanConfig can, Point point, List<LiveNode> existing) {
        List<NodeId> bootstraps = new ArrayList<>();
        for (int i = Math.max(0, existing.size() - 3); i < existing.size(); i++) {
            bootstraps.add(existing.get(i).self());
        }
        LiveNode node = runtime.bind(new InetSocketAddress("127.0.0.1", 0), null, 0);
        node.start(ctx -> new CanNodeProgram(ctx, can, point, new Capabilities(), bootstraps)).join();
        return node;
    }

    private static CanNode canOf(Object program) {
        return ((CanNodeProgram) program).can();
    }

    private static CanNode canOf(LiveNode node) {
        return node.inspect(NetBenchmark::canOf).join();
    }

    private static boolean awaitSettled(List<LiveNode> nodes, int count, long periodMillis, int maxPeriods) {
        for (int p = 0; p < maxPeriods; p++) {
            List<NodeReport> active = new ArrayList<>();
            boolean joining = false;
            for (LiveNode n : nodes) {
                Object r = n.inspect(prog -> {
                    CanNode c = canOf(prog);
                    return c.phase() == CanPhase.ACTIVE ? NodeReport.of(c) : c.phase();
                }).join();
                if (r instanceof NodeReport report) {
                    active.add(report);
                } else {
                    joining |= r == CanPhase.JOINING;
                }
            }
            if (!joining && active.size() == count && OverlayInspector.inspectReports(active).settled()) {
                return true;
            }
            sleep(periodMillis);
        }
        return false;
    }

    private static long usedHeap(Runtime rt) {
        for (int i = 0; i < 3; i++) {
            System.gc();
            sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static GridSecret newSecret() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return new GridSecret(b);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
