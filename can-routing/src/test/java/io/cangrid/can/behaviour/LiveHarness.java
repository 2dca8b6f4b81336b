package io.cangrid.can.behaviour;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanNodeProgram;
import io.cangrid.can.CanPhase;
import io.cangrid.can.inspect.InspectableNode;
import io.cangrid.can.inspect.NodeReport;
import io.cangrid.can.message.RoutingProbe;
import io.cangrid.live.GridSecret;
import io.cangrid.live.LiveNode;
import io.cangrid.live.LiveRuntime;
import io.cangrid.live.LoopbackHarness;
import io.cangrid.live.NetConfig;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live runtime as a behaviour-suite runtime: CAN nodes hosted by a {@link LoopbackHarness} (every node
 * a {@link LiveNode} on 127.0.0.1, all on one runtime with two event loops; bounded waits; every node
 * stopped on close). Nodes are read on their own threads.
 */
final class LiveHarness implements OverlayHarness {

    static final GridSecret SECRET = LoopbackHarness.SECRET;

    private final long period;
    private final CanConfig config;
    private final LoopbackHarness nodes;

    LiveHarness(long periodMillis) {
        this(periodMillis, NetConfig.of("test-grid", SECRET));
    }

    LiveHarness(long periodMillis, NetConfig net) {
        this.period = periodMillis;
        this.config = CanConfig.withUpdatePeriod(periodMillis);
        this.nodes = new LoopbackHarness(net);
    }

    LiveRuntime runtime() {
        return nodes.runtime();
    }

    LiveNode node(NodeId id) {
        return nodes.node(id);
    }

    @Override
    public long periodMillis() {
        return period;
    }

    @Override
    public NodeId addNode(Point point) {
        List<NodeId> bootstraps = new ArrayList<>();
        for (LiveNode n : nodes.nodes()) {
            if (n.isRunning() && bootstraps.size() < 3) {
                bootstraps.add(n.self());
            }
        }
        return nodes.add(ctx -> {
            CanNodeProgram overlay = new CanNodeProgram(ctx, config, point, new Capabilities(), bootstraps);
            return new InspectableNode(ctx, overlay, overlay.can(), null);
        });
    }

    @Override
    public void leave(NodeId node) {
        nodes.leave(node);
    }

    @Override
    public void crash(NodeId node) {
        nodes.crash(node);
    }

    @Override
    public void pass(long millis) {
        nodes.pass(millis);
    }

    @Override
    public Snapshot snapshot() {
        List<NodeReport> active = new ArrayList<>();
        int joining = 0;
        for (LiveNode n : nodes.nodes()) {
            if (!n.isRunning()) {
                continue;
            }
            Object[] state = nodes.call(n.self(), p -> {
                var can = can(p);
                return new Object[] {can.phase(), can.phase() == CanPhase.ACTIVE ? NodeReport.of(can) : null};
            });
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
        for (LiveNode n : nodes.nodes()) {
            if (n.isRunning()) {
                nodes.call(n.self(), p -> {
                    can(p).setRoutedHandler((target, payload, hops) -> {
                        if (payload instanceof RoutingProbe probe) {
                            arrived.put(probe.id(), n.self());
                        }
                    });
                    return null;
                });
            }
        }
        for (int i = 0; i < sources.size(); i++) {
            long id = i;
            Point target = targets.get(i);
            nodes.call(sources.get(i), p -> {
                can(p).route(target, new RoutingProbe(id));
                return null;
            });
        }
        nodes.await(() -> arrived.size() >= targets.size(), waitMillis);
        return arrived;
    }

    private static CanNode can(NodeProgram p) {
        return ((InspectableNode) p).can();
    }

    @Override
    public void close() {
        nodes.close();
    }
}
