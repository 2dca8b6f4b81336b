package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import java.util.ArrayList;
import java.util.List;

/**
 * Space no live node holds. A takeover reaches only the zones of nodes a dead node's neighbours heard of:
 * when three or more nodes in a row die at once, or a partition cuts a run of them off, the zone beyond
 * the second is known to no one left, and nobody ever claims it. In a room of identical machines the
 * zones are slabs stacked along the virtual axis, every node has only the slabs below and above it for
 * neighbours, and a partition of a few of them leaves such holes on both sides; a node of the other side
 * whose point lies in one can then never join again, for its join is routed to a point nobody owns.
 *
 * <p>{@link FaceCoverage} finds a face of ours with nothing known across it and probes there each period.
 * When a gap has stayed for {@link #patiencePeriods} periods in a row (four death timeouts: well past a
 * chain of takeovers) with no takeover race of ours open, this node fills it ({@link #beyond}), and only
 * where the partition paths of what it claims are certain: across a face of a zone that spans every other
 * dimension whole. Every split above such a zone was along the face's dimension, so the subtrees beside
 * its path lie in a row beyond its two faces, the deepest nearest, and the claimed zones keep the paths
 * a complete partition tree. They are issued at epoch 0, below every zone a split ever made, so a live
 * holder of the same space wins wherever the two claims meet; one shaped like the zone's sibling merges
 * with it, as a takeover of a dead sibling does.
 */
final class Holes {

    private final int patiencePeriods;
    private int gapPeriods;

    Holes(CanConfig config) {
        this.patiencePeriods = 4 * config.deadAfterPeriods();
    }

    int patiencePeriods() {
        return patiencePeriods;
    }

    /**
     * Once a period, with the face gap found this period (null if none): the zones to claim now, if any.
     * {@code racing}: a takeover of ours is still open, and may yet fill the gap.
     */
    List<Zone> tick(FaceCoverage.Gap gap, boolean racing, OwnZones own, NeighbourTable table) {
        if (gap == null || racing) {
            gapPeriods = 0;
            return List.of();
        }
        if (++gapPeriods < patiencePeriods) {
            return List.of();
        }
        gapPeriods = 0;
        return beyond(gap, own, table);
    }

    /**
     * The zones that fill the space beyond {@code gap}'s face, or none when this node cannot tell their
     * partition paths for sure. It can when the zone is a slab along the face's dimension (it spans every
     * other dimension whole): every split above it was then along that dimension, and the subtrees beside
     * its path lie in a row beyond its faces, the deepest nearest. The unknown ones in a row beyond the
     * face, up to the first known zone or the edge of the space, are claimed, each halving what is left.
     * Only a gap above is filled, or one below that reaches the lower edge, so one hole has one claimant.
     */
    static List<Zone> beyond(FaceCoverage.Gap gap, OwnZones own, NeighbourTable table) {
        Zone z = gap.zone();
        int d = gap.dimension();
        for (int i = 0; i < z.dimensions(); i++) {
            if (i != d && (z.lo(i) != 0.0 || z.hi(i) != 1.0)) {
                return List.of();
            }
        }
        double[] lo = new double[z.dimensions()];
        double[] hi = new double[z.dimensions()];
        for (int i = 0; i < lo.length; i++) {
            lo[i] = z.lo(i);
            hi[i] = z.hi(i);
        }
        boolean upper = gap.upper();
        lo[d] = upper ? z.hi(d) : 0.0;
        hi[d] = upper ? 1.0 : z.lo(d);
        for (Zone k : own.toArray()) {
            clip(lo, hi, d, upper, k);
        }
        for (NeighbourEntry e : table.entries()) {
            for (Zone k : e.zones()) {
                clip(lo, hi, d, upper, k);
            }
        }
        double at = gap.point().get(d);
        boolean toEdge = upper ? hi[d] == 1.0 : lo[d] == 0.0;
        if (!(lo[d] < hi[d]) || !(lo[d] <= at && at < hi[d]) || (!upper && !toEdge)) {
            return List.of();
        }
        List<ZonePath> row = new ArrayList<>();
        boolean stopped = false;
        for (ZonePath p = z.path(); p.depth() > 0; p = p.parent()) {
            if (p.lastBit() != (upper ? 0 : 1)) {
                continue; // that sibling lies on the other side
            }
            if (known(p.sibling(), own, table)) {
                stopped = true;
                break;
            }
            row.add(p.sibling());
        }
        // Reaching the edge, the row must run to the root; ending at a known zone, at a known subtree.
        if (row.isEmpty() || stopped == toEdge) {
            return List.of();
        }
        double near = upper ? lo[d] : hi[d];
        double[] cut = new double[row.size() + 1];
        cut[0] = near;
        cut[row.size()] = upper ? hi[d] : lo[d];
        for (int i = row.size() - 1; i >= 1; i--) {
            cut[i] = (near + cut[i + 1]) / 2;
        }
        List<Zone> fill = new ArrayList<>(row.size());
        for (int i = 0; i < row.size(); i++) {
            double[] l = lo.clone();
            double[] h = hi.clone();
            l[d] = Math.min(cut[i], cut[i + 1]);
            h[d] = Math.max(cut[i], cut[i + 1]);
            if (!(l[d] < h[d])) {
                return List.of();
            }
            fill.add(new Zone(l, h, row.get(i), 0));
        }
        return fill;
    }

    private static boolean known(ZonePath subtree, OwnZones own, NeighbourTable table) {
        for (Zone k : own.toArray()) {
            if (k.path().overlaps(subtree)) {
                return true;
            }
        }
        for (NeighbourEntry e : table.entries()) {
            for (Zone k : e.zones()) {
                if (k.path().overlaps(subtree)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Shortens the box along {@code d}, away from the face it grows from, to end where {@code k} begins. */
    private static void clip(double[] lo, double[] hi, int d, boolean upper, Zone k) {
        for (int i = 0; i < lo.length; i++) {
            if (i != d && !(k.lo(i) < hi[i] && lo[i] < k.hi(i))) {
                return; // beside the box, not in its way
            }
        }
        if (!(k.lo(d) < hi[d] && lo[d] < k.hi(d))) {
            return;
        }
        if (upper) {
            hi[d] = Math.max(lo[d], k.lo(d));
        } else {
            lo[d] = Math.min(hi[d], k.hi(d));
        }
    }
}
