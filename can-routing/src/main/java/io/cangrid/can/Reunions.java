package io.cangrid.can;

import io.cangrid.can.message.WorldBeacon;
import io.cangrid.can.message.WorldHello;
import io.cangrid.can.message.WorldMerge;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the two sides of a partition that healed become one grid again. Cut off from each other for longer
 * than the death timeout, each side takes the other's zones over, and each tiles the whole space: neither
 * knows the other is back, and their claims, compared zone by zone, would leave space to no one.
 *
 * <p>So each side is a <em>world</em> with a leader: neighbours' state messages carry the oldest leader they
 * know ({@link WorldBeacon}: its id, the time it began to lead, hops away), a report older than
 * {@link #MAX_AGE} hops lapses, and a node that hears of no leader leads itself from now on. A world cut
 * in two keeps its leader on one side; the other side's reports of it lapse and it names a new, younger
 * leader. A node remembers the neighbours it presumed dead and every {@link #HELLO_EVERY} periods sends one
 * of them its claim and world ({@link WorldHello}). A node that receives one while it holds space the claim
 * holds too, and is of another world, has met the other side: the younger world's nodes leave it, each
 * telling its neighbours ({@link WorldMerge}) and joining the older world at its own point. The older world
 * keeps its tiling as it is, so no space is left to no one, and the younger one's nodes come in as any
 * joining node does. A lone node that was only cut off leads a world younger than everyone else's: it joins
 * the grid again, and no grid ever joins it.
 */
final class Reunions {

    private static final Logger log = LoggerFactory.getLogger(Reunions.class);
    /** Hops beyond which a report of a leader lapses: a world wider than this names more than one leader. */
    static final int MAX_AGE = 16;
    /** Periods between hellos to the nodes presumed dead. */
    static final int HELLO_EVERY = 2;
    /** Nodes presumed dead remembered at most, the oldest forgotten first. */
    static final int LOST_CAPACITY = 16;
    /** Periods a node presumed dead is remembered. */
    static final int LOST_PERIODS = 3_600;
    /** Periods a node that left its world waits before it joins the older one: its old world leaves meanwhile. */
    static final int QUIET_PERIODS = 2;
    /** Periods a node that joined waits to hear of its neighbours' world before it leads one of its own. */
    static final int FIRST_WORLD_PERIODS = 3;

    private final CanNode node;
    /** The world this node is of: its leader, since when it leads, and how far away it is. */
    private NodeId leader;
    private long term;
    private int age;
    /** Since when this node leads its world, or -1 when another node does. */
    private long ownTerm = -1;
    private final Map<Long, WorldBeacon> heard = new HashMap<>();
    private final LinkedHashMap<Long, Lost> lost = new LinkedHashMap<>();
    /** Nodes answered this period, so two nodes of the same older world do not keep answering each other. */
    private final Map<Long, Long> answered = new HashMap<>();
    private int ticks;
    private int ticksWithoutWorld;
    private int departures;
    /**
     * The older world this node left its own for, held as its own word until the new neighbours' beacons
     * take over: a node just arrived must not look like a world younger than the one it left, or a node
     * of that one still greeting it would call it back.
     */
    private WorldBeacon joined;
    private int joinedUntilTick;

    private record Lost(NodeId id, long since) {
    }

    Reunions(CanNode node) {
        this.node = node;
    }

    NodeId leader() {
        return leader;
    }

    long term() {
        return term;
    }

    /** {@code id}, a neighbour, was presumed dead: it may come back from the other side of a partition. */
    void lost(NodeId id) {
        lost.remove(id.value());
        lost.put(id.value(), new Lost(id, node.ctx().now()));
        while (lost.size() > LOST_CAPACITY) {
            Iterator<Long> oldest = lost.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
    }

    /**
     * A word to leave, heard while joining again (our zones lost to a claim): if the world it names is
     * older than ours, the join goes there instead of into a world that is leaving.
     */
    void onMergeWhileJoining(WorldMerge m) {
        if (leader != null && !m.through().equals(node.id()) && older(m.leader(), m.term(), leader, term)) {
            leaveFor(m.leader(), m.term(), m.through());
        }
    }

    /** A node of an older world this node's world met: it is greeted like a lost one. */
    void remember(NodeId through) {
        if (!through.equals(node.id())) {
            lost(through);
        }
    }

    /** Once a period, before the states go out: elects, and greets one lost node. */
    void tick() {
        ticks++;
        long now = node.ctx().now();
        answered.clear();
        lost.values().removeIf(l -> now - l.since() > LOST_PERIODS * node.config().updatePeriodMillis()
                || node.table().get(l.id()) != null);
        elect(true);
        if (leader == null) {
            ticksWithoutWorld++;
            return;
        }
        if (ticks % HELLO_EVERY == 0 && !lost.isEmpty()) {
            // The longest-lost first, then to the back of the line: each is greeted in turn.
            Lost next = lost.values().iterator().next();
            lost.remove(next.id().value());
            lost.put(next.id().value(), next);
            node.ctx().send(next.id(), new WorldHello(node.claim(), leader, term));
        }
    }

    /** This node's world as its state messages carry it. */
    WorldBeacon beacon() {
        return leader == null ? null : new WorldBeacon(leader, term, age);
    }

    /**
     * Whether {@code world}, which a node that is not our neighbour sent with its state, is another world
     * than ours; if so the younger of the two learns it now (a hello either way, at most one a period per
     * node), and the state is not to be read.
     */
    boolean greetIfForeign(NodeId from, WorldBeacon world) {
        if (world == null || leader == null || (world.leader().equals(leader) && world.term() == term)) {
            return false;
        }
        if (answered.put(from.value(), node.ctx().now()) == null) {
            node.ctx().send(from, new WorldHello(node.claim(), leader, term));
        }
        return true;
    }

    /** A neighbour's state said which world it is of. */
    void onState(NodeId from, WorldBeacon world) {
        heard.put(from.value(), world);
        elect(false);
    }

    void onHello(NodeId from, WorldHello h) {
        if (leader == null || (h.leader().equals(leader) && h.term() == term)) {
            return; // the same world: the overlay's own rules settle any claim it brings
        }
        // Another world, whether or not its claim meets ours here: hellos go only to nodes once lost, and a
        // node of the older world this one greets may hold space far from ours.
        if (older(h.leader(), h.term(), leader, term)) {
            leaveFor(h.leader(), h.term(), from);
        } else if (answered.put(from.value(), node.ctx().now()) == null) {
            node.ctx().send(from, new WorldHello(node.claim(), leader, term));
        }
    }

    void onMerge(NodeId from, WorldMerge m) {
        if (leader == null || m.through().equals(node.id())) {
            return; // a node that knows no world yet cannot tell which is older; it hears of one soon
        }
        // From a neighbour, or from a node that takes us for one while we do not (tables are not always
        // symmetric while a world is leaving): either way a node of our world, leaving for an older one.
        if (older(m.leader(), m.term(), leader, term)) {
            leaveFor(m.leader(), m.term(), m.through());
        }
    }

    /** How many times this node left its world for an older one. */
    int departures() {
        return departures;
    }

    private void leaveFor(NodeId olderLeader, long olderTerm, NodeId through) {
        departures++;
        log.info("{}: met an older world (leader {}, since {}) than this one (leader {}, since {}): joining it"
                + " through {}", node.ctxName(), olderLeader, olderTerm, leader, term, through);
        WorldMerge word = new WorldMerge(olderLeader, olderTerm, through);
        for (NeighbourEntry e : node.table().entries()) {
            node.ctx().send(e.id(), word);
        }
        heard.clear();
        lost.clear();
        ownTerm = -1;
        leader = olderLeader;
        term = olderTerm;
        age = MAX_AGE;
        joined = new WorldBeacon(olderLeader, olderTerm, MAX_AGE - 1);
        joinedUntilTick = ticks + MAX_AGE;
        node.joinAnotherWorld(through);
    }

    /** The oldest leader reported by a neighbour within {@link #MAX_AGE} hops, or this node itself. */
    private void elect(boolean periodic) {
        NodeId before = leader;
        long beforeTerm = term;
        choose(periodic);
        if (leader != null && (!leader.equals(before) || term != beforeTerm)) {
            log.info("{}: of the world led by {} since {} ({} hop(s) away), was {}", node.ctxName(), leader, term, age,
                    before == null ? "none" : before + " since " + beforeTerm);
        }
    }

    private void choose(boolean periodic) {
        WorldBeacon best = null;
        List<Long> gone = new ArrayList<>(0);
        java.util.Set<Long> neighbours = new java.util.HashSet<>();
        for (NeighbourEntry e : node.table().entries()) {
            neighbours.add(e.id().value());
        }
        for (Map.Entry<Long, WorldBeacon> e : heard.entrySet()) {
            if (!neighbours.contains(e.getKey())) {
                gone.add(e.getKey());
                continue;
            }
            WorldBeacon b = e.getValue();
            if (b.age() + 1 > MAX_AGE || b.leader().equals(node.id())) {
                continue; // lapsed, or our own word coming back
            }
            if (best == null || older(b.leader(), b.term(), best.leader(), best.term())
                    || (b.leader().equals(best.leader()) && b.term() == best.term() && b.age() < best.age())) {
                best = b;
            }
        }
        gone.forEach(heard::remove);
        if (joined != null && ticks > joinedUntilTick) {
            joined = null;
        }
        if (joined != null && (best == null || older(joined.leader(), joined.term(), best.leader(), best.term()))) {
            best = joined;
        }
        if (best != null && (ownTerm < 0 || older(best.leader(), best.term(), node.id(), ownTerm))) {
            leader = best.leader();
            term = best.term();
            age = best.age() + 1;
            ownTerm = -1;
            return;
        }
        if (ownTerm < 0 && leader == null && ticksWithoutWorld < FIRST_WORLD_PERIODS) {
            // Just joined: the world is our neighbours', and their states are on the way. Leading one of our
            // own meanwhile would make a younger world of every new node, which its neighbours would send off.
            return;
        }
        if (ownTerm < 0 && leader != null && age < MAX_AGE) {
            // No neighbour names a leader (all of them died, or are new): the world we knew fades a hop a
            // period, as it would through neighbours, rather than at once. A node cut off alone by a crash
            // around it keeps it while its neighbours' takeovers bring it new ones of the same world.
            if (periodic) {
                age++;
            }
            return;
        }
        if (ownTerm < 0) {
            ownTerm = node.ctx().now();
        }
        leader = node.id();
        term = ownTerm;
        age = 0;
    }

    /** This node starts a new grid: it leads its world from now on. */
    void startedGrid() {
        ownTerm = node.ctx().now();
        leader = node.id();
        term = ownTerm;
        age = 0;
    }

    /** Whether world (a, ta) is older than (b, tb): it began earlier, or at the same time with a smaller leader. */
    static boolean older(NodeId a, long ta, NodeId b, long tb) {
        return ta < tb || (ta == tb && a.compareTo(b) < 0);
    }
}
