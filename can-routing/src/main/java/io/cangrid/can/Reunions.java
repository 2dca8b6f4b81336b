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
 * know ({@link WorldBeacon}: its id, the time it began to lead, and the last of its heartbeats heard), the
 * leader counts a heartbeat every period, and a world whose heartbeats have not advanced for
 * {@link #MAX_STALE} periods is lost: a node that knows no live world leads itself from now on. A world cut
 * in two keeps its leader on one side; the other side hears no new heartbeat and names a new, younger
 * leader. Heartbeats rather than hops: a count of hops, when the way to the leader breaks, climbs through
 * the nodes repeating each other's word until it lapses everywhere at once, and a whole side would name new
 * leaders though its own leader lives. A node remembers the neighbours it presumed dead and every {@link #HELLO_EVERY} periods sends one
 * of them its claim and world ({@link WorldHello}). A node that receives one while it holds space the claim
 * holds too, and is of another world, has met the other side: the younger world's nodes leave it, each
 * telling its neighbours ({@link WorldMerge}) and joining the older world at its own point. The older world
 * keeps its tiling as it is, so no space is left to no one, and the younger one's nodes come in as any
 * joining node does. A lone node that was only cut off leads a world younger than everyone else's: it joins
 * the grid again, and no grid ever joins it.
 */
final class Reunions {

    private static final Logger log = LoggerFactory.getLogger(Reunions.class);
    /** Periods without a newer heartbeat after which a world's leader counts as lost. */
    static final int MAX_STALE = 16;
    /** Heartbeats past the last heard that a node of ours may still repeat after its world fell silent. */
    static final int ECHO_BEATS = 4;
    /** Worlds whose heartbeats a node keeps track of at most, the longest silent forgotten first. */
    static final int WORLDS_KEPT = 16;
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
    /** The world this node is of: its leader, since when it leads, and its last heartbeat heard. */
    private NodeId leader;
    private long term;
    private int beat;
    /** Since when this node leads its world, or -1 when another node does. */
    private long ownTerm = -1;
    private final Map<Long, WorldBeacon> heard = new HashMap<>();
    /** Per world heard of: its last heartbeat and the tick at which it last advanced. */
    private final LinkedHashMap<World, Pulse> pulses = new LinkedHashMap<>();
    private final LinkedHashMap<Long, Lost> lost = new LinkedHashMap<>();
    /** Nodes answered this period, so two nodes of the same older world do not keep answering each other. */
    private final Map<Long, Long> answered = new HashMap<>();
    private int ticks;
    private int ticksWithoutWorld;
    private int departures;
    private record Lost(NodeId id, long since) {
    }

    private record World(NodeId leader, long term) {
    }

    private record Pulse(int beat, int tick) {
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
        if (leader != null && !m.through().equals(node.id()) && older(m.leader(), m.term(), leader, term)
                && lives(m.leader(), m.term(), m.beat())) {
            leaveFor(m.leader(), m.term(), m.beat(), m.through());
        }
    }

    /**
     * Whether a word of world {@code (l, t)} at heartbeat {@code b} is of a world alive: one we know to have
     * fallen silent speaks again only with a heartbeat well past the last we heard. Otherwise it is the late
     * word of a node that has not yet noticed the silence (its leader died, or is cut off from both of us),
     * and our successor world is the one.
     */
    private boolean lives(NodeId l, long t, int b) {
        World w = new World(l, t);
        Pulse last = pulses.get(w);
        if (last == null || alive(w)) {
            return true;
        }
        // A leader that lived on has counted about one heartbeat a period since we last heard it; a node of
        // ours that heard a few more before the silence has not (no more than the hops between us).
        if ((long) b - last.beat() <= ECHO_BEATS) {
            return false;
        }
        pulse(w, b);
        return alive(w);
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
            node.ctx().send(next.id(), new WorldHello(node.claim(), leader, term, beat));
        }
    }

    /** This node's world as its state messages carry it. */
    WorldBeacon beacon() {
        return leader == null ? null : new WorldBeacon(leader, term, beat);
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
            node.ctx().send(from, new WorldHello(node.claim(), leader, term, beat));
        }
        // A successor of our own world shares our tiling: its claims are read as ever.
        return world.term() != term;
    }

    /** A neighbour's state said which world it is of. */
    void onState(NodeId from, WorldBeacon world) {
        heard.put(from.value(), world);
        pulse(new World(world.leader(), world.term()), world.beat());
        elect(false);
    }

    /**
     * A heartbeat of {@code world} heard. It counts only when newer than the last, and no further ahead of
     * it than periods have passed (with a margin for the way it came): a member cannot push a world's count
     * where its leader's own heartbeats would never again be news.
     */
    private void pulse(World world, int heard) {
        Pulse last = pulses.get(world);
        if (last != null && (heard <= last.beat()
                || (long) heard - last.beat() > (long) ticks - last.tick() + 2L * MAX_STALE)) {
            return;
        }
        pulses.remove(world);
        pulses.put(world, new Pulse(heard, ticks));
        while (pulses.size() > WORLDS_KEPT) {
            Iterator<World> longestSilent = pulses.keySet().iterator();
            longestSilent.next();
            longestSilent.remove();
        }
    }

    /** The last heartbeat heard of world {@code (l, t)}, or -1 if none. */
    int heardBeat(NodeId l, long t) {
        Pulse p = pulses.get(new World(l, t));
        return p == null ? -1 : p.beat();
    }

    private boolean alive(World world) {
        Pulse p = pulses.get(world);
        return p != null && ticks - p.tick() <= MAX_STALE;
    }

    void onHello(NodeId from, WorldHello h) {
        if (leader == null || (h.leader().equals(leader) && h.term() == term)) {
            return; // the same world: the overlay's own rules settle any claim it brings
        }
        if (!lives(h.leader(), h.term(), h.beat())) {
            return;
        }
        if (h.term() == term) {
            // A successor of the same world, named by another node that lost the same leader (a crash of the
            // leader, not a cut: the two tile the space together). The smaller id leads; nobody leaves.
            if (older(h.leader(), h.term(), leader, term)) {
                adopt(h.leader(), h.term());
            } else if (answered.put(from.value(), node.ctx().now()) == null) {
                node.ctx().send(from, new WorldHello(node.claim(), leader, term, beat));
            }
            return;
        }
        // Another world, whether or not its claim meets ours here: hellos go only to nodes once lost, and a
        // node of the older world this one greets may hold space far from ours.
        if (older(h.leader(), h.term(), leader, term)) {
            leaveFor(h.leader(), h.term(), h.beat(), from);
        } else if (answered.put(from.value(), node.ctx().now()) == null) {
            node.ctx().send(from, new WorldHello(node.claim(), leader, term, beat));
        }
    }

    void onMerge(NodeId from, WorldMerge m) {
        if (leader == null || m.through().equals(node.id())) {
            return; // a node that knows no world yet cannot tell which is older; it hears of one soon
        }
        // From a neighbour, or from a node that takes us for one while we do not (tables are not always
        // symmetric while a world is leaving): either way a node of our world, leaving for an older one.
        if (older(m.leader(), m.term(), leader, term) && lives(m.leader(), m.term(), m.beat())) {
            leaveFor(m.leader(), m.term(), m.beat(), m.through());
        }
    }

    /** Takes {@code (newLeader, newTerm)} as this node's world without leaving its own zones. */
    private void adopt(NodeId newLeader, long newTerm) {
        log.info("{}: of the world led by {} since {}, was {} since {} (the same world's successor)",
                node.ctxName(), newLeader, newTerm, leader, term);
        World w = new World(newLeader, newTerm);
        if (!pulses.containsKey(w)) {
            pulses.put(w, new Pulse(0, ticks));
        }
        ownTerm = -1;
        leader = newLeader;
        term = newTerm;
        beat = pulses.get(w).beat();
    }

    /** How many times this node left its world for an older one. */
    int departures() {
        return departures;
    }

    private void leaveFor(NodeId olderLeader, long olderTerm, int olderBeat, NodeId through) {
        departures++;
        log.info("{}: met an older world (leader {}, since {}) than this one (leader {}, since {}): joining it"
                + " through {}", node.ctxName(), olderLeader, olderTerm, leader, term, through);
        WorldMerge word = new WorldMerge(olderLeader, olderTerm, olderBeat, through);
        for (NeighbourEntry e : node.table().entries()) {
            node.ctx().send(e.id(), word);
        }
        heard.clear();
        lost.clear();
        ownTerm = -1;
        leader = olderLeader;
        term = olderTerm;
        // Held as alive until its heartbeats reach us through the new neighbours: a node just arrived must
        // not look like a world younger than the one it left, or a node of that one still greeting it would
        // send it off again.
        World older = new World(olderLeader, olderTerm);
        Pulse known = pulses.remove(older);
        beat = known == null ? olderBeat : Math.max(known.beat(), olderBeat);
        pulses.put(older, new Pulse(beat, ticks));
        node.joinAnotherWorld(through);
    }

    /** The oldest world that is alive, reported by a neighbour or our own, or this node itself. */
    private void elect(boolean periodic) {
        NodeId before = leader;
        long beforeTerm = term;
        choose(periodic);
        if (leader != null && (!leader.equals(before) || term != beforeTerm)) {
            log.info("{}: of the world led by {} since {}, was {}", node.ctxName(), leader, term,
                    before == null ? "none" : before + " since " + beforeTerm);
        }
    }

    private void choose(boolean periodic) {
        if (periodic && ownTerm >= 0) {
            beat++; // the leader's heartbeat
        }
        World best = null;
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
            World w = new World(b.leader(), b.term());
            if (b.leader().equals(node.id()) || !alive(w)) {
                continue; // our own word coming back, or a world whose leader has gone silent
            }
            if (best == null || older(w.leader(), w.term(), best.leader(), best.term())) {
                best = w;
            }
        }
        gone.forEach(heard::remove);
        if (ownTerm < 0 && leader != null) {
            // Our world stays ours while its heartbeats keep coming, through whichever neighbours: with none
            // naming it (all of them died, or are new) it lasts until it falls silent, as it would through
            // neighbours. A node cut off alone by a crash around it keeps it while its neighbours' takeovers
            // bring it new ones of the same world.
            World own = new World(leader, term);
            if (alive(own) && (best == null || older(own.leader(), own.term(), best.leader(), best.term()))) {
                best = own;
            }
        }
        if (best != null && (ownTerm < 0 || older(best.leader(), best.term(), node.id(), ownTerm))) {
            leader = best.leader();
            term = best.term();
            beat = pulses.get(best).beat();
            ownTerm = -1;
            return;
        }
        if (ownTerm < 0 && leader == null && ticksWithoutWorld < FIRST_WORLD_PERIODS) {
            // Just joined: the world is our neighbours', and their states are on the way. Leading one of our
            // own meanwhile would make a younger world of every new node, which its neighbours would send off.
            return;
        }
        if (ownTerm < 0) {
            // The successor of the world that fell silent, one term on: every node of it that lost the
            // leader names the same term, so the smallest id among them wins without anyone leaving (see
            // onHello), and it stays younger than the old world should that come back from a cut.
            ownTerm = leader == null ? node.ctx().now() : term + 1;
            beat = 0;
        }
        leader = node.id();
        term = ownTerm;
    }

    /** This node starts a new grid: it leads its world from now on. */
    void startedGrid() {
        ownTerm = node.ctx().now();
        leader = node.id();
        term = ownTerm;
        beat = 0;
    }

    /** Whether world (a, ta) is older than (b, tb): it began earlier, or at the same time with a smaller leader. */
    static boolean older(NodeId a, long ta, NodeId b, long tb) {
        return ta < tb || (ta == tb && a.compareTo(b) < 0);
    }
}
