package io.cangrid.hygra.protocol;

import io.cangrid.hygra.message.JoinOffer;
import io.cangrid.hygra.message.JoinQuery;
import io.cangrid.hygra.message.LinkCreate;
import io.cangrid.hygra.message.LinkCreateAccepted;
import io.cangrid.hygra.message.LinkCreateRefused;
import io.cangrid.hygra.message.LinkCut;
import io.cangrid.hygra.message.LinkCutAccepted;
import io.cangrid.hygra.message.LinkCutRefused;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.hygra.message.StatusQuery;
import io.cangrid.hygra.message.StatusReply;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.Timer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Algorithms 1 and 2 on one node: annealed cycles of 2-hop status query, choice of the degmax nearest,
 * then link cuts and link creations; plus joining through one known node.
 *
 * <p>Degree limits hold at every moment, not only once settled: a node counts the links it has asked
 * for as taken before they are granted, accepts a creation only below degmax and a cut only above degmin.
 * Cuts go first and creations only once every cut is answered, so a node never needs more than degmax
 * slots. The single exception to "a full node refuses" is a joiner: a full node makes room for it by
 * cutting its farthest link whose peer can spare it, so that joining cannot leave a node isolated.
 */
final class OverlayMaintenance {

    private static final Logger LOG = LoggerFactory.getLogger(OverlayMaintenance.class);

    private final NodeContext ctx;
    private final HygraParameters params;
    private final LinkTable links;
    private final Supplier<NodeState> self;

    private int temperature;
    private long roundCounter;
    private CycleRound round;
    private NodeId joinContact;

    /** Cuts sent and not answered; the link still counts until the answer. */
    private final Set<NodeId> pendingCuts = new HashSet<>();
    /** Creations sent and not answered; each holds a slot. */
    private final Set<NodeId> pendingCreates = new HashSet<>();
    /** Joiners a full node is making room for, keyed by the peer it asked to cut. */
    private final Map<NodeId, Admission> admissions = new LinkedHashMap<>();

    OverlayMaintenance(NodeContext ctx, HygraParameters params, LinkTable links, Supplier<NodeState> self) {
        this.ctx = ctx;
        this.params = params;
        this.links = links;
        this.self = self;
        this.temperature = params.tMax();
    }

    int temperature() {
        return temperature;
    }

    /** Algorithm 2, step 4: the node moved, so its neighbourhood must be checked again. */
    void heat() {
        temperature = params.tMax();
    }

    /** One cycle of Algorithm 2: Algorithm 1 with probability t / Tmax, then cool by one. */
    void cycle() {
        boolean run = params.tMax() == 0 || ctx.random().nextInt(params.tMax()) < temperature;
        temperature = Math.max(0, temperature - 1);
        if (run) {
            startRound();
        }
    }

    /** A peer is gone: drop its link and every slot held for it, and heat up to replace it. */
    void forget(NodeId peer) {
        links.unlink(peer);
        pendingCuts.remove(peer);
        pendingCreates.remove(peer);
        Admission admission = admissions.remove(peer);
        if (admission != null) {
            ctx.send(admission.joiner.node(), new LinkCreateRefused());
        }
        admissions.values().removeIf(a -> a.joiner.node().equals(peer));
        heat();
        if (round != null && round.phase == Phase.QUERYING) {
            if (round.awaiting.remove(peer) && round.awaiting.isEmpty()) {
                decide();
            }
        } else {
            answered(peer);
        }
    }

    void join(NodeId known) {
        joinContact = known;
        ctx.send(known, new JoinQuery());
    }

    private void startRound() {
        if (round != null) {
            return;
        }
        if (links.size() == 0) {
            if (joinContact != null) {
                ctx.send(joinContact, new JoinQuery());
            }
            return;
        }
        round = new CycleRound(++roundCounter, links.nodes(), ctx.self());
        long id = round.id;
        round.timeout = ctx.schedule(params.roundTimeoutMillis(), () -> onTimeout(id));
        for (NodeId peer : round.awaiting) {
            ctx.send(peer, new StatusQuery(id));
        }
    }

    void onStatusQuery(NodeId from, StatusQuery query) {
        ctx.send(from, new StatusReply(query.round(), self.get(), links.snapshot()));
    }

    void onStatusReply(NodeId from, StatusReply reply) {
        links.refresh(reply.state());
        if (round == null || round.id != reply.round() || !round.awaiting.remove(from)) {
            return;
        }
        round.candidates.offer(reply.state());
        for (NodeState twoHop : reply.links()) {
            round.candidates.offer(twoHop);
        }
        if (round.awaiting.isEmpty()) {
            decide();
        }
    }

    private void onTimeout(long id) {
        if (round == null || round.id != id) {
            return;
        }
        LOG.debug("{}: cycle {} timed out in phase {}", ctx.self(), id, round.phase);
        if (round.phase == Phase.QUERYING) {
            decide();
        } else {
            // Answers may still come; the pending sets keep the slots they hold until then.
            endRound();
        }
    }

    /** Steps 2–5 of Algorithm 1. */
    private void decide() {
        for (NodeState linked : links.states()) {
            round.candidates.offer(linked);
        }
        Point here = self.get().point();
        List<NodeState> wanted = round.candidates.nearest(here, params.degMax());
        Set<NodeId> wantedIds = new LinkedHashSet<>();
        wanted.forEach(s -> wantedIds.add(s.node()));
        if (wantedIds.equals(links.nodes())) {
            endRound();
            return;
        }
        List<NodeState> unwanted = new ArrayList<>();
        for (NodeState linked : links.states()) {
            if (!wantedIds.contains(linked.node())) {
                unwanted.add(linked);
            }
        }
        unwanted.sort(Comparator.comparingDouble((NodeState s) -> -s.point().distanceTo(here)).thenComparing(NodeState::node));
        round.phase = Phase.CUTTING;
        for (NodeState cut : unwanted) {
            if (canSpareLink() && !isBusy(cut.node())) {
                pendingCuts.add(cut.node());
                round.awaiting.add(cut.node());
                ctx.send(cut.node(), new LinkCut());
            }
        }
        for (NodeState add : wanted) {
            if (!links.contains(add.node())) {
                round.additions.add(add);
            }
        }
        if (round.awaiting.isEmpty()) {
            sendCreations();
        }
    }

    private void sendCreations() {
        round.phase = Phase.CREATING;
        for (NodeState add : round.additions) {
            if (committed() >= params.degMax()) {
                break;
            }
            if (!links.contains(add.node()) && !isBusy(add.node())) {
                pendingCreates.add(add.node());
                round.awaiting.add(add.node());
                ctx.send(add.node(), new LinkCreate(self.get(), false));
            }
        }
        if (round.awaiting.isEmpty()) {
            endRound();
        }
    }

    private void endRound() {
        if (round != null && round.timeout != null) {
            round.timeout.cancel();
        }
        round = null;
    }

    /** Links plus every slot promised and not yet settled. */
    private int committed() {
        return links.size() + pendingCreates.size() + admissions.size();
    }

    /** Whether one more cut would still leave degmin links once every pending cut is granted. */
    private boolean canSpareLink() {
        return links.size() - pendingCuts.size() - admissions.size() - 1 >= params.degMin();
    }

    private boolean isBusy(NodeId peer) {
        return pendingCuts.contains(peer) || pendingCreates.contains(peer) || admissions.containsKey(peer);
    }

    void onLinkCreate(NodeId from, LinkCreate create) {
        if (links.contains(from) || pendingCreates.remove(from)) {
            // Already linked, or both ends asked at once: the slot is already counted.
            links.link(create.sender());
            ctx.send(from, new LinkCreateAccepted(self.get()));
        } else if (committed() < params.degMax()) {
            links.link(create.sender());
            ctx.send(from, new LinkCreateAccepted(self.get()));
        } else if (create.joining()) {
            admit(create.sender(), farthestFirst());
        } else {
            ctx.send(from, new LinkCreateRefused());
        }
    }

    void onLinkCreateAccepted(NodeId from, LinkCreateAccepted accepted) {
        boolean reserved = pendingCreates.remove(from);
        if (reserved || links.contains(from) || committed() < params.degMax()) {
            links.link(accepted.sender());
        } else {
            // A late answer to a creation given up on, and no room left: undo it at the peer.
            ctx.send(from, new LinkCut());
        }
        answered(from);
    }

    void onLinkCreateRefused(NodeId from) {
        pendingCreates.remove(from);
        answered(from);
    }

    void onLinkCut(NodeId from) {
        if (!links.contains(from)) {
            ctx.send(from, new LinkCutAccepted());
        } else if (pendingCuts.remove(from) || canSpareLink()) {
            // A cut crossing our own cut of the same link is granted whatever the degree: both ends want it.
            links.unlink(from);
            ctx.send(from, new LinkCutAccepted());
        } else {
            ctx.send(from, new LinkCutRefused());
        }
    }

    void onLinkCutAccepted(NodeId from) {
        Admission admission = admissions.remove(from);
        if (admission != null) {
            links.unlink(from);
            links.link(admission.joiner);
            ctx.send(admission.joiner.node(), new LinkCreateAccepted(self.get()));
            return;
        }
        if (pendingCuts.remove(from)) {
            links.unlink(from);
        }
        answered(from);
    }

    void onLinkCutRefused(NodeId from) {
        Admission admission = admissions.remove(from);
        if (admission != null) {
            admit(admission.joiner, admission.remaining);
            return;
        }
        pendingCuts.remove(from);
        answered(from);
    }

    private void answered(NodeId from) {
        if (round == null || !round.awaiting.remove(from) || !round.awaiting.isEmpty()) {
            return;
        }
        if (round.phase == Phase.CUTTING) {
            sendCreations();
        } else {
            endRound();
        }
    }

    /** A full node makes room for a joiner by cutting the farthest link it may; refuses if none will go. */
    private void admit(NodeState joiner, List<NodeId> candidates) {
        List<NodeId> remaining = new ArrayList<>(candidates);
        while (!remaining.isEmpty()) {
            NodeId victim = remaining.remove(0);
            if (links.contains(victim) && !isBusy(victim) && !victim.equals(joiner.node())) {
                admissions.put(victim, new Admission(joiner, remaining));
                ctx.send(victim, new LinkCut());
                return;
            }
        }
        ctx.send(joiner.node(), new LinkCreateRefused());
    }

    private List<NodeId> farthestFirst() {
        Point here = self.get().point();
        List<NodeState> all = new ArrayList<>(links.states());
        all.sort(Comparator.comparingDouble((NodeState s) -> -s.point().distanceTo(here)).thenComparing(NodeState::node));
        List<NodeId> ids = new ArrayList<>();
        all.forEach(s -> ids.add(s.node()));
        return ids;
    }

    void onJoinQuery(NodeId from) {
        List<NodeState> offer = new ArrayList<>(links.states());
        offer.add(self.get());
        ctx.send(from, new JoinOffer(offer.toArray(new NodeState[0])));
    }

    /** Joining: link to the known node and its links, nearest first, as far as degmax allows. */
    void onJoinOffer(JoinOffer offer) {
        CandidateSet candidates = new CandidateSet(ctx.self());
        for (NodeState s : offer.nodes()) {
            candidates.offer(s);
        }
        for (NodeState s : candidates.nearest(self.get().point(), params.degMax())) {
            if (committed() >= params.degMax()) {
                break;
            }
            if (!links.contains(s.node()) && !isBusy(s.node())) {
                pendingCreates.add(s.node());
                ctx.send(s.node(), new LinkCreate(self.get(), true));
            }
        }
    }

    private enum Phase { QUERYING, CUTTING, CREATING }

    /** One run of Algorithm 1, from the status query to the last answered link change. */
    private static final class CycleRound {
        final long id;
        final Set<NodeId> awaiting;
        final CandidateSet candidates;
        final List<NodeState> additions = new ArrayList<>();
        Phase phase = Phase.QUERYING;
        Timer timeout;

        CycleRound(long id, Set<NodeId> awaiting, NodeId self) {
            this.id = id;
            this.awaiting = new LinkedHashSet<>(awaiting);
            this.candidates = new CandidateSet(self);
        }
    }

    private record Admission(NodeState joiner, List<NodeId> remaining) {
    }
}
