package io.cangrid.can;

import io.cangrid.can.geometry.SplitRule;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.JoinAccept;
import io.cangrid.can.message.JoinContacts;
import io.cangrid.can.message.JoinRequest;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.RouteEnvelope;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Timer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Both sides of a join: the new node's request (retried until answered) and the owner's answer (split
 * the zone so that both points stay home, or hand over whole a zone held only by takeover). The owner
 * remembers its last answers so a retried request gets the same zone instead of a second split, for as
 * long as a retry may come.
 */
final class JoinDesk {

    private static final Logger log = LoggerFactory.getLogger(JoinDesk.class);
    private static final int REMEMBERED_ANSWERS = 8;

    /** Neighbours named to a joiner besides the first hop itself: a few spare live contacts suffice. */
    static final int CONTACTS_GIVEN = 3;
    /** Contacts a joiner keeps to retry through, the most recently named first. */
    static final int CONTACTS_KEPT = 8;
    /**
     * A joiner gives up once every contact it holds has stayed silent this many times in a row: they are all
     * gone (or unreachable), and no protocol can join through dead nodes only. Five rounds keep a lossy
     * network from ending a join that would have gone through.
     */
    static final int SILENT_ROUNDS_BEFORE_GIVING_UP = 5;
    /**
     * ...and only once nothing was heard for this many update periods. A round lasts a period at most, and
     * on a busy machine the first connection to a contact (a TLS handshake in a cold process) can take longer
     * than five of them: counting rounds alone, a joiner with one contact gave up after 1.25 s of a 250 ms
     * period while its request was on its way, and the zone its contact then gave it was left to a takeover.
     */
    static final int SILENT_PERIODS_BEFORE_GIVING_UP = 20;

    private final CanNode node;
    /** What a join under way keeps; null once the node is in, as a million-node simulation holds every desk. */
    private Joining joining;
    private long attempt;
    /**
     * The first attempt of the join under way: an answer to an earlier one is taken only when nobody else
     * may hold its space (see {@link #unclaimedAnswer}).
     */
    private long firstAttemptOfJoin = 1;
    /**
     * The attempt whose answer last made this node a member: its answer, said again by an owner that has not
     * heard from us yet (see {@link #tick}), is our own past and never to be taken again.
     */
    private long lastMadeGood;
    /** The first attempt since this node last left a world: answers to earlier ones are of that world. */
    private long firstAttemptOfWorld = 1;
    /**
     * The last joiners answered and the zones each was given, side by side (null while there are none).
     * Only the zones are kept: a retried request is answered with the neighbours we know then, so the
     * lists of a burst of joins do not stay in memory for the seconds a retry may take to come.
     */
    private NodeId[] answeredTo;
    private Zone[][] answers;
    /** The attempt each answer was to, echoed when it is repeated. */
    private long[] answeredAttempts;
    /** When each answer was given, and when last said (a joiner's first state takes up to a period). */
    private long[] givenAt;
    private long[] saidAt;
    private int nextEvicted;

    JoinDesk(CanNode node) {
        this.node = node;
    }

    /** The contacts of a join under way and where its current attempt stands. */
    private static final class Joining {
        /** The nodes the join goes through, the likeliest to answer first. */
        final List<NodeId> contacts;
        int nextContact;
        NodeId via;
        boolean viaAnswered;
        int silentInARow;
        /** When a contact last answered (or the join began). */
        long lastAnswer;
        Timer retry;
        Timer firstHopCheck;

        Joining(List<NodeId> bootstraps) {
            contacts = new ArrayList<>(Math.max(CONTACTS_KEPT, bootstraps.size()));
            contacts.addAll(bootstraps);
        }
    }

    /** The node the current join attempt went through; null when no join is under way. */
    NodeId bootstrap() {
        return joining == null ? null : joining.via;
    }

    void requestJoin(List<NodeId> bootstraps) {
        cancel();
        joining = new Joining(bootstraps);
        firstAttemptOfJoin = attempt + 1;
        joining.lastAnswer = node.ctx().now();
        bootstraps.forEach(node.acquaintances()::add);
        requestJoin();
    }

    private void requestJoin() {
        cancel();
        Joining j = joining;
        attempt++;
        j.via = j.contacts.get(j.nextContact++ % j.contacts.size());
        j.viaAnswered = false;
        JoinRequest request = new JoinRequest(node.id(), node.point(), attempt, node.version());
        node.ctx().send(j.via, new RouteEnvelope(node.point(), node.id(), 0, node.config().hopLimit(), request));
        j.retry = node.ctx().schedule(node.config().joinRetryMillis(), () -> {
            if (node.phase() == CanPhase.JOINING) {
                log.debug("{}: join attempt {} via {} unanswered, retrying", node.ctxName(), attempt, j.via);
                requestJoin();
            }
        });
        // The first hop passes the request on at once and says so (see sendContacts); one that stays
        // silent is gone, and under churn the other contacts may go too while we wait out the retry time.
        long check = Math.min(node.config().updatePeriodMillis(), node.config().joinRetryMillis());
        j.firstHopCheck = node.ctx().schedule(check, () -> {
            if (node.phase() == CanPhase.JOINING && !j.viaAnswered) {
                j.silentInARow++;
                if (j.silentInARow >= SILENT_ROUNDS_BEFORE_GIVING_UP * j.contacts.size()
                        && node.ctx().now() - j.lastAnswer >= SILENT_PERIODS_BEFORE_GIVING_UP
                                * node.config().updatePeriodMillis()) {
                    cancel();
                    node.abandonJoin("none of its contacts " + j.contacts + " answered " + j.silentInARow
                            + " join attempts in a row over " + (node.ctx().now() - j.lastAnswer) + " ms; start it"
                            + " again with the address of a node that is up");
                    return;
                }
                log.debug("{}: join attempt {}: {} did not answer, trying the next contact", node.ctxName(),
                        attempt, j.via);
                requestJoin();
            }
        });
    }

    /**
     * The first hop passed our request on and named live nodes: they go to the front of our contacts,
     * the first hop first, so a retry goes through nodes that were alive a moment ago.
     */
    void onContacts(JoinContacts named) {
        Joining j = joining;
        if (node.phase() != CanPhase.JOINING || j == null || named.nodes().length == 0) {
            return;
        }
        if (named.nodes()[0].equals(j.via)) {
            j.viaAnswered = true;
            j.silentInARow = 0;
            j.lastAnswer = node.ctx().now();
        }
        for (int i = named.nodes().length - 1; i >= 0; i--) {
            NodeId c = named.nodes()[i];
            j.contacts.remove(c);
            j.contacts.add(0, c);
            node.acquaintances().add(c);
        }
        while (j.contacts.size() > CONTACTS_KEPT) {
            j.contacts.remove(j.contacts.size() - 1);
        }
        j.nextContact = 0;
    }

    /**
     * On the first hop of a join: names this node and a few neighbours, those heard from within a heartbeat
     * (the longest a live neighbour with nothing new stays silent) first, then those heard from longer ago,
     * then those known only from others' lists.
     * A crashed neighbour stays in the table until it has been silent for several periods; named to a
     * joiner under churn, such contacts can leave it with none that answers (seen at 10^5 nodes with 30%
     * of them replaced: a joiner whose six contacts were all gone gave up).
     */
    void sendContacts(NodeId joiner) {
        List<NeighbourEntry> around = node.table().entries();
        List<NodeId> named = new ArrayList<>(CONTACTS_GIVEN + 1);
        named.add(node.id());
        long now = node.ctx().now();
        long recent = node.config().heartbeatMillis();
        for (int pass = 0; pass < 3; pass++) {
            for (int i = 0; i < around.size() && named.size() <= CONTACTS_GIVEN; i++) {
                NeighbourEntry e = around.get(i);
                int rank = e.lastState() == null ? 2 : e.silentFor(now) <= recent ? 0 : 1;
                if (rank == pass) {
                    named.add(e.id());
                }
            }
        }
        node.ctx().send(joiner, new JoinContacts(named.toArray(new NodeId[0])));
    }

    void onAccept(JoinAccept accept) {
        if (node.phase() != CanPhase.JOINING) {
            // A second answer to a retried request, or one said again (see tick): we are in already. Its
            // owner recovers the space by takeover once we stay silent to it.
            return;
        }
        if (accept.attempt() < firstAttemptOfJoin && !unclaimedAnswer(accept)) {
            return;
        }
        if (accept.zones().length == 0) {
            // The owner's point equals ours: only a different virtual coordinate can separate us.
            node.redrawVirtualCoordinate();
            requestJoin();
            return;
        }
        cancel();
        joining = null;
        lastMadeGood = accept.attempt();
        node.activateWith(accept.zones(), accept.neighbours());
    }

    /**
     * Whether an answer to an attempt of an earlier join gives space that is ours to take. A request can
     * reach its owner after the join it belonged to went through another owner and was lost again (a slow
     * link routes it for seconds): the owner splits for it and gives the zone away, and has nothing to tell
     * that the joiner has moved on. Refused, that zone belonged to a node that never speaks for it; its
     * owner took it back by takeover only to give it away again to the next late request, and the space
     * stayed without an owner for good (seen on sixteen nodes over TLS on a busy machine). So it is taken,
     * unless it answers the attempt that last made us a member (that zone was ours and may have gone on to
     * others since) or was asked of a world we have left.
     */
    private boolean unclaimedAnswer(JoinAccept accept) {
        return accept.zones().length > 0 && accept.attempt() >= firstAttemptOfWorld && accept.attempt() != lastMadeGood;
    }

    /** This node leaves its world for another: no answer asked of the old one may bring its space along. */
    void leftWorld() {
        firstAttemptOfWorld = attempt + 1;
    }

    void onJoinRequest(JoinRequest join) {
        NodeId joiner = join.joiner();
        OwnZones zones = node.ownZones();
        Zone[] earlier = answerTo(joiner);
        if (earlier != null && !holdsAny(earlier)) {
            node.ctx().send(joiner, accept(earlier, neighboursOf(earlier), join.attempt()));
            return;
        }
        Zone target = zones.containing(join.point());
        Zone given;
        if (zones.isOffered(target)) {
            // The zone is on its way to its sibling's holder, which will split it for the joiner once
            // merged; giving it away here as well would leave the joiner with nothing. It retries.
            log.debug("{}: join of {} falls in {}, just offered to its sibling's holder", node.ctxName(), joiner,
                    target);
            return;
        }
        if (!target.contains(node.point()) && zones.size() > 1) {
            // A zone held only by takeover goes whole to the first node that joins inside it.
            given = target.reissued(target.epoch() + 1);
            zones.remove(target);
        } else {
            SplitRule.Split split = target.contains(node.point())
                    ? node.config().split().choose(target, node.point(), join.point())
                    : SplitRule.halve(target);
            if (split == null) {
                node.ctx().send(joiner, new JoinAccept(new Zone[0], new NodeZones[0], join.attempt()));
                return;
            }
            Zone[] halves = target.split(split.dimension(), split.at(), target.epoch() + 1);
            boolean giveLower = halves[0].contains(join.point());
            zones.replace(target, giveLower ? halves[1] : halves[0]);
            given = giveLower ? halves[0] : halves[1];
        }
        Zone[] givenZones = {given};
        // Collect the joiner's neighbours before our own table is pruned to our smaller zone.
        List<NodeZones> around = neighboursOf(givenZones);
        node.listener().zonesHandedOver(givenZones, joiner);
        node.zonesChanged(new NodeZones[] {new NodeZones(joiner, 0, givenZones)});
        remember(joiner, givenZones, join.attempt());
        node.ctx().send(joiner, accept(givenZones, around, join.attempt()));
    }

    /** The claims in our table of the nodes next to {@code given}. */
    private List<NodeZones> neighboursOf(Zone[] given) {
        List<NodeZones> around = new ArrayList<>();
        for (NeighbourEntry e : node.table().entries()) {
            for (Zone g : given) {
                if (g.isNeighbourOfAny(e.zones())) {
                    around.add(e.claim());
                    break;
                }
            }
        }
        return around;
    }

    /** The answer giving {@code given}: our own claim first, then the joiner's other neighbours we know. */
    private JoinAccept accept(Zone[] given, List<NodeZones> around, long attempt) {
        NodeZones[] learned = new NodeZones[around.size() + 1];
        learned[0] = node.claim();
        for (int i = 0; i < around.size(); i++) {
            learned[i + 1] = around.get(i);
        }
        return new JoinAccept(given, learned, attempt);
    }

    /** True when space we once gave away is ours again: an answer that gave it is outdated. */
    private boolean holdsAny(Zone[] given) {
        for (Zone g : given) {
            for (Zone m : node.ownZones().toArray()) {
                if (m.intersects(g)) {
                    return true;
                }
            }
        }
        return false;
    }

    private void remember(NodeId joiner, Zone[] given, long attempt) {
        if (answeredTo == null) {
            // Most owners answer one join at a time: room for one, grown only for a burst of joiners.
            answeredTo = new NodeId[1];
            answers = new Zone[1][];
            answeredAttempts = new long[1];
            givenAt = new long[1];
            saidAt = new long[1];
        }
        int slot = indexOfAnswer(joiner);
        if (slot < 0) {
            slot = indexOfAnswer(null);
        }
        if (slot < 0 && answeredTo.length < REMEMBERED_ANSWERS) {
            slot = answeredTo.length;
            answeredTo = Arrays.copyOf(answeredTo, Math.min(REMEMBERED_ANSWERS, 2 * slot));
            answers = Arrays.copyOf(answers, answeredTo.length);
            answeredAttempts = Arrays.copyOf(answeredAttempts, answeredTo.length);
            givenAt = Arrays.copyOf(givenAt, answeredTo.length);
            saidAt = Arrays.copyOf(saidAt, answeredTo.length);
        }
        if (slot < 0) {
            slot = nextEvicted++ % REMEMBERED_ANSWERS;
        }
        answeredTo[slot] = joiner;
        answers[slot] = given;
        answeredAttempts[slot] = attempt;
        givenAt[slot] = node.ctx().now();
        saidAt[slot] = node.ctx().now();
    }

    /** The zones given to {@code joiner} lately enough for its request to be a retry of the same join. */
    private Zone[] answerTo(NodeId joiner) {
        if (answeredTo == null) {
            return null;
        }
        int i = indexOfAnswer(joiner);
        return i < 0 || node.ctx().now() - givenAt[i] > retryWindow() ? null : answers[i];
    }

    /** A joiner retries {@code joinRetryMillis} after its request: an answer older than that and a period is not asked for. */
    private long retryWindow() {
        return node.config().joinRetryMillis() + node.config().updatePeriodMillis();
    }

    private int indexOfAnswer(NodeId joiner) {
        for (int i = 0; i < answeredTo.length; i++) {
            if (joiner == null ? answeredTo[i] == null : joiner.equals(answeredTo[i])) {
                return i;
            }
        }
        return -1;
    }

    void cancel() {
        Joining j = joining;
        if (j == null) {
            return;
        }
        if (j.retry != null) {
            j.retry.cancel();
            j.retry = null;
        }
        if (j.firstHopCheck != null) {
            j.firstHopCheck.cancel();
            j.firstHopCheck = null;
        }
    }

    /**
     * Once a period: repeats each answer whose joiner has not been heard from since, and forgets answers no
     * one needs any more.
     *
     * <p>A lost answer is not made good by the joiner's retry: the nodes around now route to the joiner
     * the very request that asks for its zone, and it can only keep that request (it may be the zone's
     * owner by the time it reads it). The zone then has an owner that never speaks until it is presumed
     * dead and taken over, and the joiner gets in only after that: seen as ten periods for a restarted
     * node on a link losing 2% of messages, against four without the loss. So the owner says it again, as
     * long as the joiner is its silent neighbour and the space is still the joiner's.
     *
     * <p>An answer is otherwise kept for a retry: a joiner retries {@code joinRetryMillis} after its
     * request, so an answer unused for that long and a period more is only memory.
     */
    void tick(long now) {
        if (answeredTo == null) {
            return;
        }
        boolean kept = false;
        for (int i = 0; i < answeredTo.length; i++) {
            NodeId joiner = answeredTo[i];
            if (joiner == null) {
                continue;
            }
            kept |= now - givenAt[i] <= retryWindow();
            NeighbourEntry e = node.table().get(joiner);
            // Only until the joiner would be presumed dead: one that others list (a link that carries one way)
            // can stay in the table unheard for good, and what it was given long ago is no longer its.
            if (e != null && e.lastState() == null && now - givenAt[i] <= node.config().deadAfterMillis()
                    && now - saidAt[i] >= node.config().updatePeriodMillis() && !holdsAny(answers[i])) {
                saidAt[i] = now;
                log.debug("{}: {} has not spoken since it was given {}: saying so again", node.ctxName(), joiner,
                        Arrays.toString(answers[i]));
                node.ctx().send(joiner, accept(answers[i], neighboursOf(answers[i]), answeredAttempts[i]));
            }
        }
        if (!kept) {
            answeredTo = null;
            answers = null;
            answeredAttempts = null;
            givenAt = null;
            saidAt = null;
            nextEvicted = 0;
        }
    }
}
