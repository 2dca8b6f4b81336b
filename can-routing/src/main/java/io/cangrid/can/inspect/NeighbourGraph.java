package io.cangrid.can.inspect;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The overlay's node graph as the geometry defines it: two nodes are linked when one of their zones are
 * neighbours. Shortest paths on it are the yardstick for greedy routing (its stretch). Adjacency is kept
 * in flat arrays and searches reuse their work arrays, so many searches over a million nodes stay cheap.
 * Not thread-safe.
 */
public final class NeighbourGraph {

    private final Map<NodeId, Integer> indexOf = new HashMap<>();
    private final int[] start;
    private final int[] links;
    private int[] dist;
    private int[] queue;
    private long linksScanned;

    private NeighbourGraph(List<NodeId> nodes, int[] start, int[] links) {
        for (int i = 0; i < nodes.size(); i++) {
            indexOf.put(nodes.get(i), i);
        }
        this.start = start;
        this.links = links;
    }

    /** The graph of the zones and owners in {@code index}. */
    public static NeighbourGraph of(PartitionIndex index) {
        List<Zone> zones = index.zones();
        List<NodeId> owners = index.owners();
        Map<NodeId, Integer> ids = new HashMap<>();
        List<NodeId> nodes = new java.util.ArrayList<>();
        for (NodeId o : owners) {
            if (ids.putIfAbsent(o, nodes.size()) == null) {
                nodes.add(o);
            }
        }
        int[][] adjacent = new int[nodes.size()][];
        int[] count = new int[nodes.size()];
        for (int z = 0; z < zones.size(); z++) {
            int self = ids.get(owners.get(z));
            index.forEachNeighbour(zones.get(z), zone -> { }, owner -> {
                int other = ids.get(owner);
                if (other == self) {
                    return;
                }
                int[] list = adjacent[self] == null ? new int[8] : adjacent[self];
                if (count[self] == list.length) {
                    list = Arrays.copyOf(list, list.length * 2);
                }
                list[count[self]++] = other;
                adjacent[self] = list;
            });
        }
        int[] start = new int[nodes.size() + 1];
        for (int i = 0; i < nodes.size(); i++) {
            start[i + 1] = start[i] + count[i];
        }
        int[] links = new int[start[nodes.size()]];
        for (int i = 0; i < nodes.size(); i++) {
            if (count[i] > 0) {
                System.arraycopy(adjacent[i], 0, links, start[i], count[i]);
            }
        }
        return new NeighbourGraph(nodes, start, links);
    }

    public int size() {
        return start.length - 1;
    }

    /** Links looked at by all searches so far: what a caller with a time budget counts. */
    public long linksScanned() {
        return linksScanned;
    }

    /** Fewest hops from {@code from} to {@code to}, or -1 when either is unknown or no path joins them. */
    public int shortestHops(NodeId from, NodeId to) {
        Integer s = indexOf.get(from);
        Integer t = indexOf.get(to);
        if (s == null || t == null) {
            return -1;
        }
        if (s.equals(t)) {
            return 0;
        }
        if (dist == null) {
            dist = new int[size()];
            Arrays.fill(dist, -1);
            queue = new int[size()];
        }
        int head = 0;
        int tail = 0;
        queue[tail++] = s;
        dist[s] = 0;
        int found = -1;
        while (head < tail && found < 0) {
            int u = queue[head++];
            linksScanned += start[u + 1] - start[u];
            for (int k = start[u]; k < start[u + 1]; k++) {
                int v = links[k];
                if (dist[v] < 0) {
                    dist[v] = dist[u] + 1;
                    queue[tail++] = v;
                    if (v == t) {
                        found = dist[v];
                        break;
                    }
                }
            }
        }
        // Only the nodes reached need resetting: a search that ends early stays cheap on a large graph.
        for (int i = 0; i < tail; i++) {
            dist[queue[i]] = -1;
        }
        return found;
    }
}
