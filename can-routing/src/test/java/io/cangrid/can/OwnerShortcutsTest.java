package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.OwnerNotice;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Owners tell the origins of routes what they hold, and origins go there in one hop: a stack of slabs (nodes
 * alike in every capability) is crossed at once instead of slab by slab, every message still reaches the
 * owner of its point, and a member's lies about what it holds are refused.
 */
class OwnerShortcutsTest {

    private static final long PERIOD = 1_000;
    private static final NodeId A = NodeId.of(1);
    private static final NodeId B = NodeId.of(2);

    /** A payload of a layer above the overlay (jobs are such payloads; the overlay's own probes are not). */
    record Probe(long id) implements Message {
    }

    private static Zone box(double[] lo, double[] hi) {
        return new Zone(lo, hi, ZonePath.ROOT, 0);
    }

    // ---- the record itself ----------------------------------------------------------------------------

    @Test
    void anOwnersWordHoldsForAFewPeriodsAndNoLonger() {
        OwnerShortcuts s = new OwnerShortcuts(PERIOD);
        Zone slab = box(new double[] {0, 0.25}, new double[] {1, 0.5});
        s.heard(A, new Zone[] {slab}, 0);
        assertThat(s.ownerOf(Point.of(0.3, 0.3), OwnerShortcuts.FRESH_PERIODS * PERIOD)).isEqualTo(A);
        assertThat(s.ownerOf(Point.of(0.3, 0.6), 0)).isNull();
        assertThat(s.ownerOf(Point.of(0.3, 0.3), OwnerShortcuts.FRESH_PERIODS * PERIOD + 1)).isNull();
        assertThat(s.size()).isZero();
    }

    @Test
    void anOwnerTellsEachOriginAtMostOnceAPeriod() {
        OwnerShortcuts s = new OwnerShortcuts(PERIOD);
        assertThat(s.shouldTell(A, 0)).isTrue();
        assertThat(s.shouldTell(A, PERIOD - 1)).isFalse();
        assertThat(s.shouldTell(B, PERIOD - 1)).isTrue();
        assertThat(s.shouldTell(A, PERIOD)).isTrue();
    }

    @Test
    void aNoticeAnswersARouteOnlyIfItHoldsOneOfOurPoints() {
        OwnerShortcuts s = new OwnerShortcuts(PERIOD);
        Zone slab = box(new double[] {0, 0.25}, new double[] {1, 0.5});
        assertThat(s.answersARoute(new Zone[] {slab})).isFalse();
        s.started(Point.of(0.9, 0.7), 0);
        assertThat(s.answersARoute(new Zone[] {slab})).isFalse();
        s.started(Point.of(0.1, 0.4), 0);
        assertThat(s.answersARoute(new Zone[] {slab})).isTrue();
    }

    @Test
    void aNodeThatForgotRoutesLatelySaysSoForAPeriod() {
        OwnerShortcuts s = new OwnerShortcuts(PERIOD);
        for (int i = 0; i < OwnerShortcuts.TARGETS_REMEMBERED; i++) {
            s.started(Point.of(0.5, 0.5), 10);
        }
        assertThat(s.forgotRoutesLately(10)).as("every route still remembered").isFalse();
        s.started(Point.of(0.5, 0.5), 20);
        assertThat(s.forgotRoutesLately(20)).isTrue();
        assertThat(s.forgotRoutesLately(20 + PERIOD)).isTrue();
        assertThat(s.forgotRoutesLately(21 + PERIOD)).isFalse();
    }

    @Test
    void theOldestOwnerGoesFirstBeyondCapacity() {
        OwnerShortcuts s = new OwnerShortcuts(PERIOD);
        for (int i = 0; i <= OwnerShortcuts.CAPACITY; i++) {
            Zone slab = box(new double[] {0, i / 128.0}, new double[] {1, (i + 1) / 128.0});
            assertThat(s.heard(NodeId.of(100 + i), new Zone[] {slab}, i)).isTrue();
        }
        assertThat(s.size()).isEqualTo(OwnerShortcuts.CAPACITY);
        assertThat(s.ownerOf(Point.of(0.5, 0.5 / 128), OwnerShortcuts.CAPACITY)).isNull();
        assertThat(s.ownerOf(Point.of(0.5, 1.5 / 128), OwnerShortcuts.CAPACITY)).isEqualTo(NodeId.of(101));
    }

    // ---- on a grid ------------------------------------------------------------------------------------

    /** Sixteen nodes alike in every real coordinate: their zones are slabs stacked along the virtual axis. */
    private static CanSimulation slabStack(long seed, boolean shortcuts) {
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)),
                CanConfig.withUpdatePeriod(PERIOD), random -> Point.of(0.5, 0.5, random.nextDouble()),
                new SplittableRandom(seed));
        for (int i = 0; i < 16; i++) {
            grid.addNode();
            grid.simulation().runFor(PERIOD / 4);
        }
        assertThat(grid.settle(60)).as("seed %d: the grid settles", seed).isGreaterThanOrEqualTo(0);
        if (shortcuts) {
            grid.activeNodes().forEach(CanNode::useOwnerShortcuts);
        }
        return grid;
    }

    private record Arrival(NodeId at, int hops) {
    }

    /**
     * Routes {@code count} probes from {@code origin} to random points, one every 20 ms, and checks each reached
     * the owner of its point; returns the hops each took.
     */
    private static List<Integer> route(CanSimulation grid, CanNode origin, int count, SplittableRandom rnd,
            long firstId) {
        Map<Long, Arrival> arrived = new HashMap<>();
        for (CanNode n : grid.activeNodes()) {
            n.setRoutedHandler((target, payload, hops) -> {
                if (payload instanceof Probe p) {
                    arrived.put(p.id(), new Arrival(n.id(), hops));
                }
            });
        }
        List<Point> targets = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Point p = Point.of(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble());
            targets.add(p);
            origin.route(p, new Probe(firstId + i));
            grid.simulation().runFor(20);
        }
        Simulation sim = grid.simulation();
        sim.runUntil(() -> arrived.size() == count, sim.now() + 5 * PERIOD);
        List<Integer> hops = new ArrayList<>();
        var index = grid.settledReport().index();
        for (int i = 0; i < count; i++) {
            Arrival a = arrived.get(firstId + i);
            assertThat(a).as("probe %d to %s delivered", i, targets.get(i)).isNotNull();
            assertThat(a.at()).as("probe %d to %s", i, targets.get(i)).isEqualTo(index.ownerOf(targets.get(i)));
            hops.add(a.hops());
        }
        return hops;
    }

    private static double mean(List<Integer> xs) {
        return xs.stream().mapToInt(Integer::intValue).average().orElse(0);
    }

    @Test
    void aStackOfSlabsIsCrossedInOneHopOnceItsOwnersHaveAnswered() {
        long seed = 7;
        CanSimulation plain = slabStack(seed, false);
        CanSimulation quick = slabStack(seed, true);
        CanNode plainOrigin = plain.activeNodes().get(0);
        CanNode quickOrigin = quick.activeNodes().get(0);
        List<Integer> before = route(plain, plainOrigin, 200, new SplittableRandom(seed), 0);
        route(quick, quickOrigin, 100, new SplittableRandom(seed), 0);
        List<Integer> after = route(quick, quickOrigin, 200, new SplittableRandom(seed), 1_000);
        assertThat(mean(before)).as("seed %d: greedy routing across the stack", seed).isGreaterThan(3.0);
        assertThat(after).as("seed %d: every owner answered the first hundred", seed).allMatch(h -> h <= 1);
    }

    @Test
    void anOwnersWordThatNoLongerHoldsStillDelivers() {
        long seed = 11;
        CanSimulation grid = slabStack(seed, true);
        CanNode origin = grid.activeNodes().get(0);
        route(grid, origin, 100, new SplittableRandom(seed), 0);
        // Nodes leave and their zones go to neighbours: the origin's word on them is now wrong, or gone.
        List<CanNode> others = new ArrayList<>(grid.activeNodes());
        others.remove(origin);
        for (int i = 0; i < 4; i++) {
            grid.leave(others.get(2 * i + 1).id());
            grid.simulation().runFor(PERIOD / 4);
        }
        assertThat(grid.settle(60)).as("seed %d: the grid settles again", seed).isGreaterThanOrEqualTo(0);
        route(grid, origin, 200, new SplittableRandom(seed + 1), 1_000);
    }

    // ---- a lying member -------------------------------------------------------------------------------

    /**
     * A node holding the left eighth of a 2-D space, its neighbour the next eighth; it has routed a probe to
     * (0.9, 0.5), past its neighbour.
     */
    private static LoneNode origin() {
        LoneNode lone = new LoneNode(Point.of(0.05, 0.5), box(new double[] {0, 0}, new double[] {0.125, 1}));
        lone.hear(2, 1, box(new double[] {0.125, 0}, new double[] {0.25, 1}));
        lone.can.useOwnerShortcuts();
        lone.can.route(Point.of(0.9, 0.5), new Probe(1));
        lone.sim.runFor(1);
        return lone;
    }

    private static NodeId routedTo(LoneNode lone, Point p) {
        lone.sent.clear();
        lone.can.route(p, new Probe(2));
        lone.sim.runFor(1);
        return lone.sent.stream().filter(s -> s.message() instanceof io.cangrid.can.message.RouteEnvelope)
                .map(LoneNode.Sent::to).findFirst().orElseThrow();
    }

    private static void notice(LoneNode lone, long from, long named, Zone... zones) {
        lone.deliver(NodeId.of(from), new OwnerNotice(new NodeZones(NodeId.of(named), 1, zones)));
    }

    @Test
    void anOwnersNoticeAnsweringOurRouteIsTakenAndUsed() {
        LoneNode lone = origin();
        assertThat(routedTo(lone, Point.of(0.9, 0.4))).isEqualTo(NodeId.of(2));
        notice(lone, 5, 5, box(new double[] {0.5, 0}, new double[] {1, 1}));
        assertThat(routedTo(lone, Point.of(0.9, 0.4))).as("straight to the owner").isEqualTo(NodeId.of(5));
        assertThat(routedTo(lone, Point.of(0.4, 0.4))).as("elsewhere, greedy").isEqualTo(NodeId.of(2));
        long stale = lone.sim.now() + OwnerShortcuts.FRESH_PERIODS * PERIOD + 1;
        while (lone.sim.now() < stale) {
            // The neighbour goes on speaking: it is the owner's word alone that ages.
            lone.hear(2, 1, box(new double[] {0.125, 0}, new double[] {0.25, 1}));
            lone.sim.runFor(Math.min(PERIOD, stale - lone.sim.now()));
        }
        assertThat(routedTo(lone, Point.of(0.9, 0.4))).as("the word went stale").isEqualTo(NodeId.of(2));
        assertThat(lone.can.refusals().count(Refusals.Kind.BAD_NOTICE)).isZero();
    }

    @Test
    void aNoticeOverlappingSpaceHeldAroundIsRefused() {
        LoneNode lone = origin();
        notice(lone, 6, 6, Zone.wholeSpace(2));
        notice(lone, 6, 6, box(new double[] {0.2, 0}, new double[] {0.6, 1}));
        assertThat(lone.can.refusals().count(Refusals.Kind.BAD_NOTICE)).isEqualTo(2);
        assertThat(routedTo(lone, Point.of(0.9, 0.4))).isEqualTo(NodeId.of(2));
    }

    @Test
    void aNoticeOverlappingAnotherOwnersWordDropsBoth() {
        LoneNode lone = origin();
        notice(lone, 5, 5, box(new double[] {0.5, 0}, new double[] {1, 1}));
        notice(lone, 6, 6, box(new double[] {0.75, 0}, new double[] {1, 1}));
        assertThat(lone.can.refusals().count(Refusals.Kind.BAD_NOTICE)).isEqualTo(1);
        assertThat(routedTo(lone, Point.of(0.9, 0.4))).as("neither word kept").isEqualTo(NodeId.of(2));
        assertThat(routedTo(lone, Point.of(0.6, 0.4))).isEqualTo(NodeId.of(2));
    }

    @Test
    void aNoticeWithoutZonesSaysItsSenderLeft() {
        LoneNode lone = origin();
        notice(lone, 5, 5, box(new double[] {0.5, 0}, new double[] {1, 1}));
        assertThat(routedTo(lone, Point.of(0.9, 0.4))).isEqualTo(NodeId.of(5));
        notice(lone, 5, 5);
        assertThat(routedTo(lone, Point.of(0.9, 0.4))).isEqualTo(NodeId.of(2));
        assertThat(lone.can.refusals().count(Refusals.Kind.BAD_NOTICE)).isZero();
    }

    @Test
    void aNoticeForARouteForgottenInARushIsIgnoredNotRefused() {
        LoneNode lone = origin();
        for (int i = 0; i <= OwnerShortcuts.TARGETS_REMEMBERED; i++) {
            routedTo(lone, Point.of(0.9, 0.4));
        }
        notice(lone, 6, 6, box(new double[] {0.5, 0}, new double[] {1, 0.25}));
        assertThat(lone.can.refusals().count(Refusals.Kind.BAD_NOTICE)).as("late, not hostile").isZero();
        assertThat(routedTo(lone, Point.of(0.9, 0.1))).as("and not used").isEqualTo(NodeId.of(2));
        lone.sim.runFor(PERIOD + 1);
        notice(lone, 7, 7, box(new double[] {0.5, 0.75}, new double[] {1, 1}));
        assertThat(lone.can.refusals().count(Refusals.Kind.BAD_NOTICE)).as("a period later").isEqualTo(1);
    }

    @Test
    void aNoticeHoldingNoneOfOurRoutesPointsIsRefused() {
        LoneNode lone = origin();
        notice(lone, 6, 6, box(new double[] {0.5, 0}, new double[] {1, 0.25}));
        assertThat(lone.can.refusals().count(Refusals.Kind.BAD_NOTICE)).isEqualTo(1);
        assertThat(routedTo(lone, Point.of(0.9, 0.1))).isEqualTo(NodeId.of(2));
    }

    @Test
    void aNoticeSpeakingForAnotherNodeIsRefused() {
        LoneNode lone = origin();
        notice(lone, 6, 5, box(new double[] {0.5, 0}, new double[] {1, 1}));
        assertThat(lone.can.refusals().count(Refusals.Kind.WRONG_SENDER)).isEqualTo(1);
        assertThat(routedTo(lone, Point.of(0.9, 0.4))).isEqualTo(NodeId.of(2));
    }

    @Test
    void aGridUnderLyingNoticesStillDeliversEveryRoute() {
        HostileGrid g = new HostileGrid(59, 24);
        g.active().forEach(CanNode::useOwnerShortcuts);
        Map<NodeId, List<String>> before = g.holdings();
        SplittableRandom rnd = new SplittableRandom(g.seed);
        Map<Long, NodeId> arrived = new HashMap<>();
        for (CanNode n : g.active()) {
            n.setRoutedHandler((p, payload, hops) -> {
                if (payload instanceof Probe probe) {
                    arrived.put(probe.id(), n.id());
                }
            });
        }
        List<Point> targets = new ArrayList<>();
        List<CanNode> origins = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            for (CanNode n : g.active()) {
                Point p = Point.of(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble());
                targets.add(p);
                origins.add(n);
                n.route(p, new Probe(targets.size() - 1));
                // The liar claims the whole space, then the far corner, to every node, after each route.
                g.send(g.attacker, n.id(), new OwnerNotice(new NodeZones(g.attacker, 1,
                        new Zone[] {Zone.wholeSpace(HostileGrid.DIMS)})));
                g.send(g.attacker, n.id(), new OwnerNotice(new NodeZones(g.attacker, 1,
                        new Zone[] {box(new double[] {0.5, 0.5, 0.5}, new double[] {1, 1, 1})})));
            }
            g.pass(PERIOD);
        }
        g.pass(5 * PERIOD);
        var index = g.grid.settledReport().index();
        for (int i = 0; i < targets.size(); i++) {
            assertThat(arrived.get((long) i)).as("seed %d: probe from %s to %s", g.seed, origins.get(i).id(),
                    targets.get(i)).isEqualTo(index.ownerOf(targets.get(i)));
        }
        assertThat(g.refusals(Refusals.Kind.BAD_NOTICE)).as("seed %d", g.seed).isEqualTo(2L * 4 * 24);
        assertThat(g.holdings()).as("seed %d: no zone moved", g.seed).isEqualTo(before);
    }
}
