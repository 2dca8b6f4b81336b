package io.cangrid.can.behaviour;

import io.cangrid.can.inspect.NodeReport;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.List;
import java.util.Map;

/**
 * A CAN overlay on some runtime, as the behaviour suite drives it: nodes join, leave, crash; probes are
 * routed; time passes (virtual or real). Each runtime implements it once.
 */
interface OverlayHarness extends AutoCloseable {

    /** The update period the nodes run with; waits are counted in these. */
    long periodMillis();

    /** Adds a node at {@code point}: it starts the grid if it is the first, else joins through a live node. */
    NodeId addNode(Point point);

    void leave(NodeId node);

    void crash(NodeId node);

    /** Lets {@code millis} pass. */
    void pass(long millis);

    /** Reports of the nodes that are active now, and how many are still joining. */
    Snapshot snapshot();

    /** Routes probe {@code i} from {@code sources[i]} to {@code targets[i]}; returns where each arrived. */
    Map<Long, NodeId> route(List<NodeId> sources, List<Point> targets, long waitMillis);

    record Snapshot(List<NodeReport> active, int joining) {
    }

    @Override
    void close();
}
