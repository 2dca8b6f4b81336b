package io.cangrid.can.behaviour;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanNodeProgram;
import io.cangrid.can.inspect.InspectableNode;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.can.CanPhase;
import io.cangrid.can.inspect.NodeReport;
import io.cangrid.can.message.RoutingProbe;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.live.GridSecret;
import io.cangrid.live.LiveNode;
import io.cangrid.live.LiveRuntime;
import io.cangrid.live.NetConfig;
import io.cangrid.overlay.resource.Capabilities;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The live runtime as a behaviour-suite runtime: every node a {@link LiveNode} on 127.0.0.1, port 0,
 * all on one {@link LiveRuntime} (two event loops). Nodes are read on their own threads.
 */
final class LiveHarness implements OverlayHarness {

    static final GridSecret SECRET = new GridSecret(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});

    private final long period;
    private final CanConfig config;
    private final LiveRuntime runtime;
    private final Map<NodeId, LiveNode> nodes = new LinkedHashMap<>();

    LiveHarness(long periodMillis) {
        this(periodMillis, NetConfig.of("test-grid", SECRET));
    }

    LiveHarness(long periodMillis, NetConfig net) {
        this.period = periodMillis;
        this.config = CanConfig.withUpdatePeriod(periodMillis);
        this.runtime = new LiveRuntime(net, 2);
    }

    LiveRuntime runtime() {
        return runtime;
    }

    LiveNode node(NodeId id) {
        return nodes.get(id);
    }

    @Override
    public long periodMillis() {
        return period;
    }

    @Override
    public NodeId addNode(Point point) {
        List<NodeId> bootstraps = new ArrayList<>();
        for (LiveNode n : nodes.values()) {
            if (n.isRunning() && bootstraps.size() < 3) {
                bootstraps.add(n.self());
            }
        }
        LiveNode node = runtime.bind(new InetSocketAddress("127.0.0.1", 0), null, 0);
        node.start(ctx -> {
            CanNodeProgram overlay = new CanNodeProgram(ctx, config, point, new Capabilities(), bootstraps);
            return new InspectableNode(ctx, overlay, overlay.can(), () -> 0);
        }).join();
        nodes.put(node.self(), node);
        return node.self();
    }

    @Override
    public void leave(NodeId node) {
        nodes.get(node).leave();
    }

    @Override
    public void crash(NodeId node) {
        nodes.get(node).crash();
    }

    @Override
    public void pass(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public Snapshot snapshot() {
        List<NodeReport> active = new ArrayList<>();
        int joining = 0;
        for (LiveNode n : nodes.values()) {
            if (!n.isRunning()) {
                continue;
            }
            Object[] state = n.inspect(p -> {
                var can = can(p);
                return new Object[] {can.phase(), can.phase() == CanPhase.ACTIVE ? NodeReport.of(can) : null};
            }).orTimeout(5, TimeUnit.SECONDS).join();
            if (state[0] == CanPhase.ACTIVE) {
                active.add((NodeReport) state[1]);
            } else if (state[0] == CanPhase.JOINING) {
                joining++;
            }
        }
        return new Snapshot(active, joining);
    }

    @Override
    public Map<Long, NodeId> route(List<NodeId> sources, List<Point> targets, long waitMillis) {
        Map<Long, NodeId> arrived = new ConcurrentHashMap<>();
        for (LiveNode n : nodes.values()) {
            if (n.isRunning()) {
                n.inspect(p -> {
                    can(p).setRoutedHandler((target, payload, hops) -> {
                        if (payload instanceof RoutingProbe probe) {
                            arrived.put(probe.id(), n.self());
                        }
                    });
                    return null;
                }).join();
            }
        }
        for (int i = 0; i < sources.size(); i++) {
            long id = i;
            Point target = targets.get(i);
            nodes.get(sources.get(i)).inspect(p -> {
                can(p).route(target, new RoutingProbe(id));
                return null;
            });
        }
        long deadline = System.currentTimeMillis() + waitMillis;
        while (arrived.size() < targets.size() && System.currentTimeMillis() < deadline) {
            pass(20);
        }
        return arrived;
    }

    private static CanNode can(NodeProgram p) {
        return ((InspectableNode) p).can();
    }

    @Override
    public void close() {
        for (LiveNode n : nodes.values()) {
            n.crash();
        }
        runtime.close();
    }
}
