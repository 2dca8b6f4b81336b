package io.cangrid.can.inspect;

import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks an overlay against its invariants (design.md §2): zones tile the space, every
 * neighbour table equals the neighbours computed from the geometry (same nodes, same zones), and every
 * node's point lies in one of its zones.
 */
public final class OverlayInspector {

    private static final int EXAMPLES = 5;

    /**
     * The outcome of one inspection; {@code examples} describe the first few violations found.
     * {@code pendingReturns} counts zones held only by takeover whose partition-tree sibling another node
     * holds: background repair will hand each over at its holder's next update, so the overlay is not yet
     * at rest (ownership would change under a routing check).
     */
    public record Report(int nodes, int zones, boolean tilingOk, double volumeSum, boolean neighbourTablesOk,
            int tableMismatches, int pointsOutsideZones, int pendingReturns, List<String> examples,
            PartitionIndex index) {

        public boolean settled() {
            return tilingOk && neighbourTablesOk && pendingReturns == 0;
        }

        /** The same figures without the index, which is by far the largest part of a report. */
        public Report withoutIndex() {
            return new Report(nodes, zones, tilingOk, volumeSum, neighbourTablesOk, tableMismatches,
                    pointsOutsideZones, pendingReturns, examples, null);
        }

        public String describe() {
            return String.format(java.util.Locale.ROOT,
                    "%d nodes, %d zones, tiling %s (volume %.12f), tables %s (%d mismatching), %d points outside their zones%s%s",
                    nodes, zones, tilingOk ? "ok" : "BROKEN", volumeSum, neighbourTablesOk ? "ok" : "WRONG",
                    tableMismatches, pointsOutsideZones,
                    pendingReturns == 0 ? "" : ", " + pendingReturns + " zones about to return to their siblings",
                    examples.isEmpty() ? "" : "; e.g. " + examples);
        }
    }

    private OverlayInspector() {
    }

    /** Inspects the active nodes among {@code nodes}. */
    public static Report inspect(Iterable<CanNode> nodes) {
        return inspectReports(activeReports(nodes));
    }

    /** The active nodes among {@code nodes}, as they report themselves. */
    public static List<NodeReport> activeReports(Iterable<CanNode> nodes) {
        List<NodeReport> active = new ArrayList<>();
        for (CanNode n : nodes) {
            if (n.phase() == CanPhase.ACTIVE) {
                active.add(NodeReport.of(n));
            }
        }
        return active;
    }

    /** The partition index of what active nodes reported, without checking anything; null when they hold no zone. */
    public static PartitionIndex index(List<NodeReport> active) {
        List<Zone> zones = new ArrayList<>();
        List<NodeId> owners = new ArrayList<>();
        int dims = -1;
        for (NodeReport n : active) {
            for (Zone z : n.zones()) {
                zones.add(z);
                owners.add(n.node());
                dims = z.dimensions();
            }
        }
        return zones.isEmpty() ? null : PartitionIndex.build(dims, zones, owners);
    }

    /** Inspects what active nodes reported about themselves (a live grid, walked from one node). */
    public static Report inspectReports(List<NodeReport> active) {
        List<String> examples = new ArrayList<>();
        PartitionIndex index = index(active);
        if (index == null) {
            examples.add("no active node holds a zone");
            return new Report(active.size(), 0, false, 0, false, 0, 0, 0, examples, null);
        }
        examples.addAll(index.problems().subList(0, Math.min(EXAMPLES, index.problems().size())));
        boolean tilingOk = index.tilingOk();

        int mismatches = 0;
        int outside = 0;
        int pending = 0;
        for (NodeReport n : active) {
            pending += pendingReturns(n, index);
            if (!tableMatches(n, index, examples)) {
                mismatches++;
            }
            boolean home = false;
            for (Zone z : n.zones()) {
                home |= z.contains(n.point());
            }
            if (!home) {
                outside++;
                if (examples.size() < EXAMPLES) {
                    examples.add(n.node() + " point " + n.point() + " lies in none of its zones");
                }
            }
        }
        return new Report(active.size(), index.zoneCount(), tilingOk, index.volumeSum(), tilingOk && mismatches == 0,
                mismatches, outside, pending, examples, index);
    }

    /** Zones of {@code n} that its background repair will hand to their sibling's holder (see Departure). */
    private static int pendingReturns(NodeReport n, PartitionIndex index) {
        Zone[] held = n.zones();
        if (held.length < 2) {
            return 0;
        }
        int pending = 0;
        for (Zone z : held) {
            NodeId holder = z.contains(n.point()) ? null : index.siblingOwner(z);
            if (holder != null && !holder.equals(n.node())) {
                pending++;
            }
        }
        return pending;
    }

    private static boolean tableMatches(NodeReport n, PartitionIndex index, List<String> examples) {
        Map<NodeId, Set<ZonePath>> expected = new HashMap<>();
        NodeId self = n.node();
        for (Zone z : n.zones()) {
            List<Zone> found = new ArrayList<>();
            List<NodeId> foundOwners = new ArrayList<>();
            index.forEachNeighbour(z, found::add, foundOwners::add);
            for (int i = 0; i < found.size(); i++) {
                if (!foundOwners.get(i).equals(self)) {
                    expected.computeIfAbsent(foundOwners.get(i), k -> new HashSet<>());
                }
            }
        }
        Map<NodeId, Set<ZonePath>> actual = new HashMap<>();
        for (NodeZones e : n.neighbours()) {
            Set<ZonePath> paths = new HashSet<>();
            for (Zone z : e.zones()) {
                paths.add(z.path());
            }
            actual.put(e.node(), paths);
        }
        if (!actual.keySet().equals(expected.keySet())) {
            if (examples.size() < EXAMPLES) {
                Set<NodeId> missing = new HashSet<>(expected.keySet());
                missing.removeAll(actual.keySet());
                Set<NodeId> extra = new HashSet<>(actual.keySet());
                extra.removeAll(expected.keySet());
                examples.add(self + " table misses " + missing + " and has extra " + extra);
            }
            return false;
        }
        return zonesMatch(n, index, actual, examples);
    }

    /** Each neighbour must be credited with exactly the zones it holds. */
    private static boolean zonesMatch(NodeReport n, PartitionIndex index, Map<NodeId, Set<ZonePath>> actual,
            List<String> examples) {
        Map<NodeId, Set<ZonePath>> held = index.zonesByOwner(actual.keySet());
        for (Map.Entry<NodeId, Set<ZonePath>> e : actual.entrySet()) {
            Set<ZonePath> truth = held.get(e.getKey());
            if (truth == null || !truth.equals(e.getValue())) {
                if (examples.size() < EXAMPLES) {
                    examples.add(n.node() + " credits " + e.getKey() + " with " + e.getValue() + " but it holds " + truth);
                }
                return false;
            }
        }
        return true;
    }
}
