package io.cangrid.hygra.behaviour;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.hygra.behaviour.HygraProbeNode.Arrival;
import io.cangrid.hygra.behaviour.HygraProbeNode.View;
import io.cangrid.hygra.grid.HygraGridConfig;
import io.cangrid.hygra.message.FindFailure;
import io.cangrid.hygra.message.FindOutcome;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.hygra.protocol.HygraParameters;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.contract.ContractMessages.Note;
import io.cangrid.overlay.contract.RuntimeHarness;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * HYGRA's overlay behaviour (hygra.md), written once and run on every runtime as the CAN's behaviour suite
 * is: a subclass only says which {@link RuntimeHarness} to build and how long an update period is there.
 * Thirty nodes run the overlay a grid node runs ({@link HygraProbeNode}), with the paper's degrees (8 to 15)
 * and annealing (Tmax 10). What HYGRA promises, and the suite checks:
 *
 * <ul>
 * <li>joins: nodes joining one after another through a node already in form one overlay of mutual links,
 * in which no node is left without a link and no node ever has more than degmax;</li>
 * <li>lookups: a note routed greedily to a point ends, once, at a node none of whose links is nearer the
 * point, and with k-nearest links nearly always at the node nearest it ({@link #NEAREST_SHARE}); a search
 * (Algorithm 3, Backtracking) finds a free node that meets its requirements, and one that no node meets
 * ends NOT_FOUND having walked the whole overlay;</li>
 * <li>departures: a crashed node's links drop it once it has been silent three periods, a leaving node's at
 * once; the rest settle into one overlay again, and routing and searches go on among them.</li>
 * </ul>
 *
 * <p>It does not require degmin links of every node: HYGRA makes room at a full node only for a joiner, and
 * a node that cooled while its nearest nodes were full stays below degmin (seen on live runs), as a node
 * that lost links to a crash may. Algorithm 1's own promise (mutual links, mutually nearest nodes linked)
 * holds only with annealing off, where it is a known issue ({@link #withAnnealingOffLinksSettleMutualAndNearest}).
 *
 * <p>Nodes, their capabilities and the points routed to are drawn from {@link #seed()}
 * ({@code -Dcangrid.hygra.seed}); every failure message names it with the runtime.
 */
abstract class HygraBehaviourSuite {

    static final int NODES = 30;
    static final int SETTLE_PERIODS = 60;
    static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();
    /**
     * Of routed notes, at least this share must end at the node nearest their point: "nearly always", which
     * on these grids has been 85% to 100% (the simulation, seeds 1 to 9, and live runs).
     */
    static final double NEAREST_SHARE = 0.75;

    private final Map<NodeId, HygraProbeNode> programs = new ConcurrentHashMap<>();
    private final Map<NodeId, Capabilities> capabilities = new LinkedHashMap<>();
    private final List<NodeId> ids = new ArrayList<>();
    private RuntimeHarness h;
    private SplittableRandom rnd;
    private HygraGridConfig config;
    private HygraParameters parameters;
    private long nextBatch = 1;
    private long nextSearch = 1;

    /** A fresh runtime with no node; a deterministic one draws everything from {@code seed}. */
    protected abstract RuntimeHarness newRuntime(long seed);

    /** The update period (and HYGRA's cycle period) the nodes run with; waits are counted in these. */
    protected abstract long periodMillis();

    protected long seed() {
        return Long.getLong("cangrid.hygra.seed", 5);
    }

    @AfterEach
    void stopEveryNode() {
        if (h != null) {
            h.close();
        }
    }

    private String on(String what, Object... args) {
        return h.describe() + ", seed " + seed() + ": " + String.format(what, args);
    }

    // ---- building and reading the overlay ------------------------------------------------------------

    /**
     * Starts {@code n} nodes one after another, each joining through a node already started, with HYGRA's
     * parameters as a grid runs them but for {@code parameters}' degrees and annealing.
     */
    private Set<NodeId> grow(int n, HygraParameters knobs) {
        h = newRuntime(seed());
        rnd = new SplittableRandom(seed());
        long period = periodMillis();
        parameters = knobs.withCyclePeriod(period);
        config = HygraGridConfig.of(parameters, SCHEMA, period);
        for (int i = 0; i < n; i++) {
            List<NodeId> bootstraps = ids.isEmpty() ? List.of() : List.of(ids.get(rnd.nextInt(ids.size())));
            Capabilities c = new Capabilities(1 + rnd.nextInt(4), 1024 << rnd.nextInt(4), 10 << rnd.nextInt(4));
            NodeId id = h.add(ctx -> {
                HygraProbeNode p = new HygraProbeNode(ctx, config, c, bootstraps);
                programs.put(ctx.self(), p);
                return p;
            });
            ids.add(id);
            capabilities.put(id, c);
            h.pass(period / 4);
        }
        return new LinkedHashSet<>(ids);
    }

    private Map<NodeId, View> views(Set<NodeId> members) {
        Map<NodeId, View> views = new LinkedHashMap<>();
        for (NodeId id : members) {
            views.put(id, h.call(id, p -> ((HygraProbeNode) p).view()));
        }
        return views;
    }

    /**
     * Waits period by period until the members form one settled overlay in which every node has at least
     * {@code minLinks} links (and, when asked, links hold Algorithm 1's nearest pairs); checks at every look
     * that no node has more than degmax links.
     */
    private Map<NodeId, View> settle(Set<NodeId> members, int minLinks, boolean nearestPairs) {
        List<String> problems = List.of();
        for (int p = 0; p <= SETTLE_PERIODS; p++) {
            if (p > 0) {
                h.pass(periodMillis());
            }
            Map<NodeId, View> views = views(members);
            for (View v : views.values()) {
                assertThat(v.links().size()).as(on("degree of %s after %d periods", v.id(), p))
                        .isLessThanOrEqualTo(parameters.degMax());
            }
            problems = new ArrayList<>(overlayProblems(views, minLinks));
            if (nearestPairs) {
                problems.addAll(unlinkedNearestPairs(views, parameters));
            }
            if (problems.isEmpty()) {
                return views;
            }
        }
        throw new AssertionError(on("%d nodes not settled after %d periods: %s", members.size(), SETTLE_PERIODS,
                problems.subList(0, Math.min(10, problems.size()))));
    }

    /** Inactive nodes, links to nodes that are gone, one-way links, too few links, more than one component. */
    private static List<String> overlayProblems(Map<NodeId, View> views, int minLinks) {
        List<String> problems = new ArrayList<>();
        int wanted = Math.min(minLinks, views.size() - 1);
        for (View v : views.values()) {
            if (!v.active()) {
                problems.add(v.id() + " is not active");
            }
            if (v.links().size() < wanted) {
                problems.add(v.id() + " has " + v.links().size() + " links");
            }
            for (NodeId peer : v.links()) {
                View other = views.get(peer);
                if (other == null) {
                    problems.add(v.id() + " links " + peer + ", which is gone");
                } else if (!other.links().contains(v.id())) {
                    problems.add(v.id() + " links " + peer + " but not back");
                }
            }
        }
        int components = components(views);
        if (components != 1) {
            problems.add(components + " components");
        }
        return problems;
    }

    private static int components(Map<NodeId, View> views) {
        Set<NodeId> seen = new HashSet<>();
        int components = 0;
        for (NodeId start : views.keySet()) {
            if (!seen.add(start)) {
                continue;
            }
            components++;
            Deque<NodeId> todo = new ArrayDeque<>(List.of(start));
            while (!todo.isEmpty()) {
                for (NodeId peer : views.get(todo.pop()).links()) {
                    if (views.containsKey(peer) && seen.add(peer)) {
                        todo.push(peer);
                    }
                }
            }
        }
        return components;
    }

    /** Pairs each among the other's degmin nearest, neither full, and not linked. */
    private static List<String> unlinkedNearestPairs(Map<NodeId, View> views, HygraParameters parameters) {
        int degMin = parameters.degMin();
        Map<NodeId, Set<NodeId>> nearest = new HashMap<>();
        for (View v : views.values()) {
            Set<NodeId> near = new HashSet<>();
            views.values().stream().filter(o -> !o.id().equals(v.id()))
                    .sorted(Comparator.comparingDouble((View o) -> o.point().distanceTo(v.point())).thenComparing(View::id))
                    .limit(degMin).forEach(o -> near.add(o.id()));
            nearest.put(v.id(), near);
        }
        List<String> problems = new ArrayList<>();
        for (View a : views.values()) {
            for (NodeId b : nearest.get(a.id())) {
                View vb = views.get(b);
                boolean full = a.links().size() == parameters.degMax() || vb.links().size() == parameters.degMax();
                if (a.id().compareTo(b) < 0 && nearest.get(b).contains(a.id()) && !full && !a.links().contains(b)) {
                    problems.add(a.id() + " and " + b + " are among each other's " + degMin + " nearest, unlinked");
                }
            }
        }
        return problems;
    }

    // ---- lookups ---------------------------------------------------------------------------------------

    private Point randomPoint() {
        double[] c = new double[SCHEMA.spaceDimensions()];
        for (int d = 0; d < c.length; d++) {
            c[d] = rnd.nextDouble();
        }
        return Point.of(c);
    }

    private NodeId anyOf(Set<NodeId> members) {
        List<NodeId> list = new ArrayList<>(members);
        return list.get(rnd.nextInt(list.size()));
    }

    /** Routes {@code count} notes from random members to random points; checks where each ended. */
    private void routeFrom(Set<NodeId> members, int count) {
        long batch = nextBatch++;
        List<Point> targets = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Point target = randomPoint();
            targets.add(target);
            Note note = new Note(batch, i);
            h.call(anyOf(members), p -> {
                ((HygraProbeNode) p).route(target, note);
                return null;
            });
        }
        boolean all = h.await(() -> members.stream().mapToInt(id -> programs.get(id).arrivals(batch).size()).sum() >= count,
                20 * periodMillis());
        Map<Integer, List<Arrival>> endedAt = new HashMap<>();
        Map<Arrival, NodeId> endNode = new HashMap<>();
        for (NodeId id : members) {
            for (Arrival a : programs.get(id).arrivals(batch)) {
                endedAt.computeIfAbsent(a.seq(), k -> new ArrayList<>()).add(a);
                endNode.put(a, id);
            }
        }
        assertThat(all).as(on("all %d routed notes ended within 20 periods; ended: %d", count, endedAt.size())).isTrue();
        Map<NodeId, View> views = views(members);
        int atNearest = 0;
        for (int i = 0; i < count; i++) {
            Point target = targets.get(i);
            assertThat(endedAt.get(i)).as(on("where note %d to %s ended", i, target)).hasSize(1);
            Arrival end = endedAt.get(i).get(0);
            NodeId owner = endNode.get(end);
            for (NodeState link : end.links()) {
                double d = link.point().distanceTo(target);
                double own = end.point().distanceTo(target);
                assertThat(d < own || (d == own && link.node().compareTo(owner) < 0))
                        .as(on("note %d to %s ended at %s, but its link %s was nearer", i, target, owner, link.node()))
                        .isFalse();
            }
            View nearest = views.values().stream().reduce((x, y) -> closer(y, x, target) ? y : x).orElseThrow();
            if (nearest.id().equals(owner)) {
                atNearest++;
            }
        }
        assertThat(atNearest).as(on("routed notes that ended at the node nearest their point, of %d", count))
                .isGreaterThanOrEqualTo((int) Math.ceil(NEAREST_SHARE * count));
    }

    /** Whether {@code a} is nearer {@code p} than {@code b}: distance, then the lower id (as HYGRA's owner). */
    private static boolean closer(View a, View b, Point p) {
        double da = a.point().distanceTo(p);
        double db = b.point().distanceTo(p);
        return da < db || (da == db && a.id().compareTo(b.id()) < 0);
    }

    /** Starts a search from {@code origin} and waits for its outcome there. */
    private FindOutcome find(NodeId origin, Requirements requirements) {
        long search = nextSearch++;
        double virtual = rnd.nextDouble();
        h.call(origin, p -> {
            ((HygraProbeNode) p).find(search, requirements, virtual);
            return null;
        });
        HygraProbeNode program = programs.get(origin);
        assertThat(h.await(() -> program.outcome(search) != null, 20 * periodMillis()))
                .as(on("outcome of search %d for %s from %s within 20 periods", search, requirements, origin)).isTrue();
        return program.outcome(search);
    }

    /** Searches for what some member has, from random members; each finds a member that meets it. */
    private void searchesFindMatchingNodes(Set<NodeId> members, int count) {
        for (int i = 0; i < count; i++) {
            Capabilities model = capabilities.get(anyOf(members));
            Requirements wanted = new Requirements(model.get(0), rnd.nextBoolean() ? model.get(1) : 0, 0);
            FindOutcome o = find(anyOf(members), wanted);
            assertThat(o.allocated()).as(on("search for %s allocated: %s", wanted, o)).isTrue();
            assertThat(members).as(on("host of the search for %s", wanted)).contains(o.host());
            assertThat(capabilities.get(o.host()).satisfies(wanted))
                    .as(on("host %s (%s) meets %s", o.host(), capabilities.get(o.host()), wanted)).isTrue();
            // A host's slot stays reserved for an update period: let it free before the next search.
            h.pass(periodMillis() + periodMillis() / 2);
        }
    }

    // ---- the cases -------------------------------------------------------------------------------------

    /** The grid's parameters: the paper's degrees (8 to 15) and annealing (Tmax 10). */
    private static HygraParameters gridParameters() {
        return HygraParameters.paperDefaults();
    }

    @Test
    void joinsFormOneOverlayAndRoutingEndsAtTheNearestNode() {
        Set<NodeId> members = grow(NODES, gridParameters());
        Map<NodeId, View> views = settle(members, 1, false);
        assertThat(views).hasSize(NODES);
        routeFrom(members, 60);
    }

    @Test
    void aSearchFindsAFreeNodeMeetingItsRequirementsOrWalksTheWholeOverlay() {
        Set<NodeId> members = grow(NODES, gridParameters());
        settle(members, 1, false);
        searchesFindMatchingNodes(members, 8);
        FindOutcome none = find(anyOf(members), new Requirements(64, 0, 0));
        assertThat(none.allocated()).as(on("a search no node can host: %s", none)).isFalse();
        assertThat(none.failure()).as(on("how it ended")).isEqualTo(FindFailure.NOT_FOUND);
        assertThat(none.fallback()).as(on("its fallback (no node is capable)")).isNull();
        assertThat(none.hops()).as(on("its moves: every node entered and left")).isGreaterThanOrEqualTo(NODES - 1);
    }

    /**
     * Crashed nodes' links drop them after three silent periods; the rest stay one overlay, and routing and
     * searches go on. Links lost to a crash are replaced as far as annealing allows: a cut never takes a node
     * below degmin, a crash may.
     */
    @Test
    void crashedNodesAreDroppedAndTheRestStayOneOverlay() {
        Set<NodeId> members = grow(NODES, gridParameters());
        settle(members, 1, false);
        List<NodeId> crashed = List.of(ids.get(5), ids.get(11), ids.get(16), ids.get(23));
        for (NodeId id : crashed) {
            h.crash(id);
            members.remove(id);
        }
        Map<NodeId, View> views = settle(members, 1, false);
        for (View v : views.values()) {
            assertThat(v.links()).as(on("links of %s after %s crashed", v.id(), crashed)).doesNotContainAnyElementsOf(crashed);
        }
        routeFrom(members, 40);
        searchesFindMatchingNodes(members, 4);
    }

    @Test
    void aLeavingNodesLinksDropItAtOnce() {
        Set<NodeId> members = grow(NODES, gridParameters());
        settle(members, 1, false);
        List<NodeId> leaving = List.of(ids.get(4), ids.get(13), ids.get(21));
        for (NodeId id : leaving) {
            h.leave(id);
            members.remove(id);
        }
        // A leaving node says goodbye to its links: they need not wait three silent periods to drop it.
        boolean dropped = h.await(() -> views(members).values().stream()
                .noneMatch(v -> v.links().stream().anyMatch(leaving::contains)), 2 * periodMillis());
        assertThat(dropped).as(on("no link to %s two periods after they left: %s", leaving, views(members)))
                .isTrue();
        for (NodeId id : leaving) {
            assertThat(h.isRunning(id)).as(on("%s running after it left", id)).isFalse();
        }
        // Routes are judged, as after a crash, once maintenance has had the three periods a crash takes to
        // replace the links lost: right after a leave the overlay is whole but not yet re-linked around the hole.
        h.pass(3 * periodMillis());
        settle(members, 1, false);
        routeFrom(members, 40);
        searchesFindMatchingNodes(members, 4);
    }

    /**
     * Algorithm 1's own promise, with annealing off so that every node runs it every cycle: once settled,
     * links are mutual and two nodes each among the other's degmin nearest are linked unless one is full.
     * A known open problem: a node may accept a peer's link creation while its own cut of that link is on
     * its way, and drop the link when the cut's acceptance arrives after the creation, so the link stays on
     * the peer's side only; without annealing the peer's status queries, which the node answers, keep it
     * from ever falling silent. Run it with {@code -Dtest.excludedGroups= -Dgroups=known-issue}.
     */
    @Test
    @Tag("known-issue")
    void withAnnealingOffLinksSettleMutualAndNearest() {
        Set<NodeId> members = grow(NODES, gridParameters().withDegrees(3, 6).withTMax(0));
        settle(members, parameters.degMin(), true);
    }
}
