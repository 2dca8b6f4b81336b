package io.cangrid.simulator.baseline;

import io.cangrid.can.match.GridNode;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.RunQueue;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.Simulation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an oracle knows: every live node's capabilities and exact queue, including jobs it has sent that
 * have not arrived yet, so two decisions a few milliseconds apart do not both pick the same free node.
 * It exists only in simulation: it reads the nodes' state directly.
 */
public final class GlobalView {

    /** A live node as the oracle sees it. */
    public record NodeLoad(NodeId id, Capabilities capabilities, int queueLength, double backlogSeconds) {

        public double cpu() {
            return capabilities.get(0);
        }
    }

    private final Simulation sim;
    private final List<GridNode> nodes = new ArrayList<>();
    private final Map<NodeId, int[]> inFlight = new HashMap<>();
    private final Map<NodeId, double[]> inFlightWork = new HashMap<>();

    public GlobalView(Simulation sim) {
        this.sim = sim;
    }

    public void add(GridNode node) {
        nodes.add(node);
    }

    /** The live nodes, in the order they were added. */
    public List<NodeLoad> liveNodes() {
        long now = sim.now();
        List<NodeLoad> out = new ArrayList<>(nodes.size());
        for (GridNode n : nodes) {
            NodeId id = n.can().id();
            if (!sim.isAlive(id)) {
                continue;
            }
            RunQueue q = n.agent().queue();
            int pending = inFlight.getOrDefault(id, new int[1])[0];
            double pendingWork = inFlightWork.getOrDefault(id, new double[1])[0];
            out.add(new NodeLoad(id, n.can().capabilities(), q.length() + pending,
                    q.backlogSeconds(now) + pendingWork / q.cpuSpeed()));
        }
        return out;
    }

    /** An oracle sent a job of {@code work} seconds (at cpu 1.0) to {@code node}. */
    public void sent(NodeId node, double work) {
        inFlight.computeIfAbsent(node, k -> new int[1])[0]++;
        inFlightWork.computeIfAbsent(node, k -> new double[1])[0] += work;
    }

    /** A job an oracle sent reached {@code node}'s queue. */
    public void arrived(NodeId node, double work) {
        int[] n = inFlight.get(node);
        if (n != null && n[0] > 0) {
            n[0]--;
            inFlightWork.get(node)[0] = n[0] == 0 ? 0 : inFlightWork.get(node)[0] - work;
        }
    }
}
