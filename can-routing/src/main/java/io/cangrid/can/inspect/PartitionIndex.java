package io.cangrid.can.inspect;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * A global view of the partition tree rebuilt from every live node's zones: the tool that checks an
 * overlay (does it tile the space?), computes neighbours from the geometry, and finds the owner of a
 * point. It is an observer's tool, never used by protocol code.
 *
 * <p>Tiling is checked structurally: the zones' paths must form a complete binary tree (no duplicate, no
 * path a prefix of another, every inner node with both children), and at every inner node the two
 * children's bounding boxes must split the parent's box along one face. By induction the leaves then
 * tile the root, which must be the unit cube. Arrays instead of node objects keep a million zones cheap.
 */
public final class PartitionIndex {

    private final int dims;
    private int size;
    private int[] lower = new int[1024];
    private int[] upper = new int[1024];
    private int[] leafZone = new int[1024];
    private double[] box = new double[1024 * 2];
    private final List<Zone> zones = new ArrayList<>();
    private final List<NodeId> owners = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private double volumeSum;
    private java.util.Map<NodeId, java.util.Set<ZonePath>> byOwner;

    private PartitionIndex(int dims) {
        this.dims = dims;
        box = new double[1024 * 2 * dims];
        newNode();
    }

    /** Builds the index and validates the tiling; problems are collected, not thrown. */
    public static PartitionIndex build(int dims, List<Zone> zones, List<NodeId> owners) {
        PartitionIndex index = new PartitionIndex(dims);
        for (int i = 0; i < zones.size(); i++) {
            index.insert(zones.get(i), owners.get(i));
        }
        index.validate();
        return index;
    }

    public boolean tilingOk() {
        return problems.isEmpty() && Math.abs(volumeSum - 1.0) <= 1e-9;
    }

    public double volumeSum() {
        return volumeSum;
    }

    public List<String> problems() {
        return problems;
    }

    public int zoneCount() {
        return zones.size();
    }

    /** Every zone indexed, in insertion order; {@link #owners()} holds their owners at the same positions. */
    List<Zone> zones() {
        return zones;
    }

    List<NodeId> owners() {
        return owners;
    }

    private int newNode() {
        if (size == lower.length) {
            int cap = size * 2;
            lower = Arrays.copyOf(lower, cap);
            upper = Arrays.copyOf(upper, cap);
            leafZone = Arrays.copyOf(leafZone, cap);
            box = Arrays.copyOf(box, cap * 2 * dims);
        }
        lower[size] = -1;
        upper[size] = -1;
        leafZone[size] = -1;
        return size++;
    }

    private void insert(Zone zone, NodeId owner) {
        int zoneIndex = zones.size();
        zones.add(zone);
        owners.add(owner);
        volumeSum += zone.volume();
        ZonePath path = zone.path();
        int node = 0;
        for (int level = 0; level < path.depth(); level++) {
            if (leafZone[node] >= 0) {
                problem("zone " + zone + " of " + owner + " lies inside " + zones.get(leafZone[node])
                        + " of " + owners.get(leafZone[node]));
                return;
            }
            int bit = path.bit(level);
            int child = bit == 0 ? lower[node] : upper[node];
            if (child < 0) {
                child = newNode();
                if (bit == 0) {
                    lower[node] = child;
                } else {
                    upper[node] = child;
                }
            }
            node = child;
        }
        if (leafZone[node] >= 0 || lower[node] >= 0 || upper[node] >= 0) {
            problem("zone " + zone + " of " + owner + " overlaps another claim on the same path");
            return;
        }
        leafZone[node] = zoneIndex;
        for (int d = 0; d < dims; d++) {
            box[node * 2 * dims + d] = zone.lo(d);
            box[node * 2 * dims + dims + d] = zone.hi(d);
        }
    }

    private void validate() {
        // Children always have larger indices than their parent, so a reverse sweep is bottom-up.
        for (int n = size - 1; n >= 0; n--) {
            if (leafZone[n] >= 0) {
                continue;
            }
            int a = lower[n];
            int b = upper[n];
            if (a < 0 || b < 0) {
                problem("a part of the space is owned by no one (missing " + (a < 0 ? "lower" : "upper")
                        + " half under a partition-tree node)");
                return;
            }
            int splitDim = -1;
            for (int d = 0; d < dims; d++) {
                double alo = lo(a, d);
                double ahi = hi(a, d);
                double blo = lo(b, d);
                double bhi = hi(b, d);
                if (alo == blo && ahi == bhi) {
                    continue;
                }
                if (splitDim >= 0 || ahi != blo) {
                    problem("sibling zones do not split their parent along one face");
                    return;
                }
                splitDim = d;
            }
            if (splitDim < 0) {
                problem("sibling zones coincide");
                return;
            }
            for (int d = 0; d < dims; d++) {
                box[n * 2 * dims + d] = lo(a, d);
                box[n * 2 * dims + dims + d] = d == splitDim ? hi(b, d) : hi(a, d);
            }
        }
        for (int d = 0; d < dims; d++) {
            if (lo(0, d) != 0.0 || hi(0, d) != 1.0) {
                problem("the zones do not cover the unit cube in dimension " + d);
                return;
            }
        }
    }

    private double lo(int node, int d) {
        return box[node * 2 * dims + d];
    }

    private double hi(int node, int d) {
        return box[node * 2 * dims + dims + d];
    }

    private void problem(String text) {
        if (problems.size() < 20) {
            problems.add(text);
        }
    }

    /** The zone paths each of {@code wanted} holds. */
    public java.util.Map<NodeId, java.util.Set<ZonePath>> zonesByOwner(java.util.Set<NodeId> wanted) {
        if (byOwner == null) {
            byOwner = new java.util.HashMap<>();
            for (int i = 0; i < zones.size(); i++) {
                byOwner.computeIfAbsent(owners.get(i), k -> new java.util.HashSet<>(2)).add(zones.get(i).path());
            }
        }
        java.util.Map<NodeId, java.util.Set<ZonePath>> out = new java.util.HashMap<>();
        for (NodeId id : wanted) {
            java.util.Set<ZonePath> s = byOwner.get(id);
            if (s != null) {
                out.put(id, s);
            }
        }
        return out;
    }

    /** The owner of the zone containing {@code p}, or null if the tree is incomplete. */
    public NodeId ownerOf(Point p) {
        int n = 0;
        while (leafZone[n] < 0) {
            int a = lower[n];
            int b = upper[n];
            if (a < 0 || b < 0) {
                return null;
            }
            int chosen = a;
            for (int d = 0; d < dims; d++) {
                if (lo(b, d) != lo(a, d)) {
                    chosen = p.get(d) >= lo(b, d) ? b : a;
                    break;
                }
            }
            n = chosen;
        }
        return owners.get(leafZone[n]);
    }

    /** The owner of the zone that is {@code zone}'s partition-tree sibling, path and box, or null. */
    public NodeId siblingOwner(Zone zone) {
        if (zone.path().depth() == 0) {
            return null;
        }
        ZonePath sibling = zone.path().sibling();
        int n = 0;
        for (int level = 0; level < sibling.depth(); level++) {
            if (leafZone[n] >= 0) {
                return null;
            }
            n = sibling.bit(level) == 0 ? lower[n] : upper[n];
            if (n < 0) {
                return null;
            }
        }
        int leaf = leafZone[n];
        return leaf >= 0 && zones.get(leaf).isSiblingOf(zone) ? owners.get(leaf) : null;
    }

    /** Calls {@code action} with the index of every zone that is a geometric neighbour of {@code zone}. */
    public void forEachNeighbour(Zone zone, Consumer<Zone> zoneAction, Consumer<NodeId> ownerAction) {
        int[] stack = new int[64];
        int top = 0;
        stack[top++] = 0;
        double[] l = new double[dims];
        double[] h = new double[dims];
        while (top > 0) {
            int n = stack[--top];
            for (int d = 0; d < dims; d++) {
                l[d] = lo(n, d);
                h[d] = hi(n, d);
            }
            if (!zone.touches(l, h)) {
                continue;
            }
            if (leafZone[n] >= 0) {
                Zone other = zones.get(leafZone[n]);
                if (other != zone && zone.isNeighbourOf(other)) {
                    zoneAction.accept(other);
                    ownerAction.accept(owners.get(leafZone[n]));
                }
                continue;
            }
            if (top + 2 > stack.length) {
                stack = Arrays.copyOf(stack, stack.length * 2);
            }
            if (lower[n] >= 0) {
                stack[top++] = lower[n];
            }
            if (upper[n] >= 0) {
                stack[top++] = upper[n];
            }
        }
    }
}
