package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.RouteEnvelope;
import io.cangrid.can.message.RoutingProbe;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Forwarding on consistent static partitions, every table exact and every neighbour's last state known:
 * a route reaches the owner of any point and, since each of its legs strictly decreases a distance, never
 * visits more zones than there are. Slab-heavy partitions make routes climb.
 */
class GreedyRoutingProperties {

    @Property(tries = 60)
    void everyRouteEndsAtTheOwnerWithoutLooping(@ForAll long seed, @ForAll @IntRange(min = 2, max = 300) int n,
            @ForAll @IntRange(min = 2, max = 4) int dims, @ForAll boolean slabs, @ForAll boolean levels) {
        Overlay o = new Overlay(partition(seed, n, dims, slabs, levels));
        Random rnd = new Random(seed);
        for (int probe = 0; probe < 60; probe++) {
            double[] c = new double[dims];
            // A third of the targets are corners of zones: points on faces, where every zone around ties.
            Zone corner = rnd.nextInt(3) == 0 ? o.zones.get(rnd.nextInt(o.size())) : null;
            for (int d = 0; d < dims; d++) {
                c[d] = corner != null ? (rnd.nextBoolean() ? corner.lo(d) : corner.hi(d)) : rnd.nextDouble();
            }
            Point target = Point.of(c);
            int from = rnd.nextInt(o.size());
            int hops = o.route(from, target);
            assertThat(hops).as("seed %d, %d zones in %d dims, slabs %s, levels %s: route from %d to %s", seed, n,
                    dims, slabs, levels, from, target).isBetween(0, o.size());
        }
    }

    @Test
    void aRouteThroughAStackOfSlabsClimbsOutInsteadOfCrawling() {
        // A column of 64 slabs along the last axis beside a few large zones: crawling takes up to 63 hops.
        List<Zone> zones = new ArrayList<>();
        Zone[] halves = Zone.wholeSpace(2).split(0, 0.25, 1);
        zones.add(halves[1]);
        Zone column = halves[0];
        List<Zone> stack = new ArrayList<>(List.of(column));
        for (int level = 0; level < 6; level++) {
            List<Zone> next = new ArrayList<>();
            for (Zone z : stack) {
                Zone[] h = z.split(1, z.lo(1) + z.length(1) / 2, level + 2);
                next.add(h[0]);
                next.add(h[1]);
            }
            stack = next;
        }
        zones.addAll(stack);
        Overlay o = new Overlay(zones);
        int hops = o.route(1, Point.of(0.1, 0.999));
        assertThat(hops).isEqualTo(2);
    }

    @Test
    void aRouteToACornerWhereEightZonesMeetReachesTheOwner() {
        // Octants of the unit cube; (0.5, 0.5, 0.5) belongs to the upper one only. Every other octant touches
        // the point at distance 0, and ordered by node id alone the lowest octant and the one above it sent
        // the message back and forth: joins to such points once hit the hop limit on every retry.
        List<Zone> octants = new ArrayList<>();
        for (Zone x : Zone.wholeSpace(3).split(0, 0.5, 1)) {
            for (Zone y : x.split(1, 0.5, 2)) {
                octants.addAll(List.of(y.split(2, 0.5, 3)));
            }
        }
        // octants.get(0) is the lowest, get(1) the one above it along the last axis, get(7) the upper one.
        Overlay o = new Overlay(octants);
        assertThat(o.route(0, Point.of(0.5, 0.5, 0.5))).isBetween(1, 3);
        assertThat(o.route(1, Point.of(0.5, 0.5, 0.5))).isBetween(1, 2);
    }

    /**
     * Random splits; with {@code slabs}, most go to the last axis, as nodes sharing real coordinates make;
     * with {@code levels}, faces snap to eighths, so that, as with discrete capability levels, faces made
     * in different branches line up and many zones meet at one corner.
     */
    static List<Zone> partition(long seed, int zones, int dims, boolean slabs, boolean levels) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Zone> out = new ArrayList<>();
        out.add(Zone.wholeSpace(dims));
        while (out.size() < zones) {
            Zone z = out.remove(rnd.nextInt(out.size()));
            int d = slabs && rnd.nextInt(5) > 0 ? dims - 1 : rnd.nextInt(dims);
            double at = z.lo(d) + z.length(d) * (0.05 + 0.9 * rnd.nextDouble());
            int first = (int) Math.floor(z.lo(d) * 8) + 1;
            int last = (int) Math.ceil(z.hi(d) * 8) - 1;
            if (levels && first <= last) {
                at = (first + rnd.nextInt(last - first + 1)) / 8.0;
            }
            if (!(at > z.lo(d) && at < z.hi(d))) {
                out.add(z);
                continue;
            }
            Zone[] h = z.split(d, at, z.epoch() + 1);
            out.add(h[0]);
            out.add(h[1]);
        }
        return out;
    }

    /** One node per zone, with exact tables and each neighbour's last state. */
    private static final class Overlay {
        private final List<Zone> zones;
        private final List<OwnZones> own = new ArrayList<>();
        private final List<List<NeighbourEntry>> tables = new ArrayList<>();

        Overlay(List<Zone> zones) {
            this.zones = zones;
            List<NodeZones> claims = new ArrayList<>();
            for (int i = 0; i < zones.size(); i++) {
                claims.add(new NodeZones(NodeId.of(i), 1, new Zone[] {zones.get(i)}));
                OwnZones z = new OwnZones();
                z.add(zones.get(i));
                own.add(z);
            }
            List<NodeZones[]> lists = new ArrayList<>();
            for (int i = 0; i < zones.size(); i++) {
                List<NodeZones> mine = new ArrayList<>();
                for (int j = 0; j < zones.size(); j++) {
                    if (i != j && zones.get(i).isNeighbourOf(zones.get(j))) {
                        mine.add(claims.get(j));
                    }
                }
                lists.add(mine.toArray(new NodeZones[0]));
            }
            for (int i = 0; i < zones.size(); i++) {
                List<NeighbourEntry> table = new ArrayList<>();
                for (NodeZones c : lists.get(i)) {
                    int j = (int) c.node().value();
                    NeighbourEntry e = new NeighbourEntry(c.node(), c, 0);
                    NeighbourState s = new NeighbourState(c, centre(zones.get(j)), new Capabilities(), lists.get(j), null);
                    e.absorbList(s);
                    e.heard(s, 0);
                    table.add(e);
                }
                tables.add(table);
            }
        }

        int size() {
            return zones.size();
        }

        /** Hops from zone {@code from} to the owner of {@code target}, or -1 if the route overran. */
        int route(int from, Point target) {
            RouteEnvelope env = new RouteEnvelope(target, NodeId.of(from), 0, 1 << 20, new RoutingProbe(0));
            int at = from;
            SplittableRandom random = new SplittableRandom(from);
            while (!zones.get(at).contains(target)) {
                if (env.hops() > 2 * zones.size()) {
                    return -1;
                }
                GreedyRouting.Forward next = GreedyRouting.forward(own.get(at), NodeId.of(at), tables.get(at),
                        new Acquaintances(), env, random);
                env = next.envelope();
                at = (int) next.to().value();
            }
            return env.hops();
        }

        private static Point centre(Zone z) {
            double[] c = new double[z.dimensions()];
            for (int d = 0; d < c.length; d++) {
                c[d] = z.lo(d) + z.length(d) / 2;
            }
            return Point.of(c);
        }
    }
}
