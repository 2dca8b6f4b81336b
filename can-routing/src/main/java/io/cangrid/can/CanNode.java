package io.cangrid.can;

import io.cangrid.can.geometry.SplitRule;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.CanMessage;
import io.cangrid.can.message.JoinAccept;
import io.cangrid.can.message.JoinContacts;
import io.cangrid.can.message.JoinRequest;
import io.cangrid.can.message.ListRequest;
import io.cangrid.can.message.ListedClaims;
import io.cangrid.can.message.NeighbourBeat;
import io.cangrid.can.message.NeighbourProbe;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.OwnerNotice;
import io.cangrid.can.message.WorldBeacon;
import io.cangrid.can.message.WorldHello;
import io.cangrid.can.message.WorldMerge;
import io.cangrid.can.message.RouteEnvelope;
import io.cangrid.can.message.Takeover;
import io.cangrid.can.message.ZoneHandoff;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.Timer;
import io.cangrid.overlay.resource.Capabilities;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The CAN protocol on one node (design.md §2): joining by splitting the owner's zone, periodic
 * neighbour state, greedy routing, graceful leave, failure detection and volume-ordered takeover.
 * Everything runs on the node's own thread; all time, timers, randomness and sending come from the
 * {@link NodeContext}.
 */
public final class CanNode {

    private static final Logger log = LoggerFactory.getLogger(CanNode.class);
    /** Every this many update periods a node sends its whole neighbour list; between, only changes. */
    static final int FULL_LIST_EVERY = 8;

    private final NodeContext ctx;
    private final CanConfig config;
    private final Capabilities capabilities;
    private Point point;

    private CanPhase phase = CanPhase.IDLE;
    private final OwnZones zones = new OwnZones();
    private final NeighbourTable table = new NeighbourTable();
    private final Takeovers takeovers;
    private final Holes holes;
    private int holesClaimed;
    private final JoinDesk joinDesk;
    private long version;
    private NodeZones claim;
    /** The neighbour list we send, its number and its base (see {@link NeighbourState}). */
    private final ListLog list = new ListLog();
    /** Update periods since our list was last sent whole to every neighbour. */
    private int ticksSinceBase;
    /**
     * A state message every neighbour was last sent (by a full round, or when our zones changed) and the
     * update periods since: see {@link #roundNews}. Two fields, not more: a million-node simulation pays for
     * each.
     */
    private NeighbourState lastRound;
    /** How many rounds of states this node has made: the number of the latest ({@link NeighbourState#serial()}). */
    private long states;
    private int quietPeriods;
    /** The volume of our zones when we last announced them: growth may make new neighbours. */
    private double announcedVolume;
    private Timer tick;

    /** Null until a layer above sets one: a default handler would be one more object per node. */
    private RoutedHandler routedHandler;
    private CanListener listener = CanListener.NONE;
    private Supplier<Message> extension = () -> null;
    private long routesDropped;
    private java.util.function.BiConsumer<Message, NodeId> forwardObserver = (payload, next) -> {
    };
    private final Acquaintances acquaintances = new Acquaintances();
    /** Routed messages and hand-overs that reached us before our own join was answered, in arrival order. */
    private List<Kept> keptWhileJoining;
    /** The layer above's check of the extension its peers send; none until a layer sets one. */
    private ExtensionCheck extensionCheck;
    /** Inputs refused at the door; made at the first refusal, as most nodes of a simulation never refuse one. */
    private Refusals refusals;
    /** Owners our routes reached and what they hold; null unless {@link #useOwnerShortcuts()}. */
    private OwnerShortcuts shortcuts;
    /** This node's world and the nodes it presumed dead; null unless {@link #useReunions()}. */
    private Reunions reunions;
    /** True from leaving one world until the join of the other is asked for. */
    private boolean betweenWorlds;

    /** A message kept while joining, with the node whose session it came on (null when routed). */
    private record Kept(NodeId from, CanMessage message) {
    }

    public CanNode(NodeContext ctx, CanConfig config, Point point, Capabilities capabilities) {
        this.ctx = ctx;
        this.config = config;
        this.point = point;
        this.capabilities = capabilities;
        this.takeovers = new Takeovers(this);
        this.holes = new Holes(config);
        this.joinDesk = new JoinDesk(this);
    }

    // ---- wiring for higher layers -------------------------------------------------------------------

    public void setRoutedHandler(RoutedHandler handler) {
        this.routedHandler = handler;
    }

    /** Hears each routed payload this node passes on, and to whom (explanations of a job's route). */
    public void setForwardObserver(java.util.function.BiConsumer<Message, NodeId> observer) {
        this.forwardObserver = observer;
    }

    public void setListener(CanListener listener) {
        this.listener = listener;
    }

    /** Adds a listener beside the ones already set: each layer above hears every change. */
    public void addListener(CanListener more) {
        this.listener = CanListener.both(listener, more);
    }

    /** Supplies the extension record that rides on every state message this node sends. */
    public void setStateExtension(Supplier<Message> extension) {
        this.extension = extension;
    }

    /**
     * Checks the extension record of every state message received before it reaches the table. A refused
     * record is counted and replaced by the sender's last accepted one; the claim and liveness it came with
     * still count, as the overlay's own part of the message passed its own check.
     */
    public void setExtensionCheck(ExtensionCheck check) {
        this.extensionCheck = check;
    }

    /**
     * Owners tell the nodes whose routed messages reach them what zones they hold, and this node sends its
     * own routed messages to a point such an owner holds there at once ({@link OwnerShortcuts}). Live nodes
     * turn it on; simulations leave it off, so their routes, message counts and results stay the papers'.
     */
    public void useOwnerShortcuts() {
        this.shortcuts = new OwnerShortcuts(config.updatePeriodMillis());
    }

    /**
     * The two sides of a partition that lasted longer than the death timeout become one grid again when it
     * heals: the younger side's nodes join the older one's ({@link Reunions}). Live nodes turn it on;
     * simulations leave it off unless a test asks, so their message counts and results stay the papers'.
     */
    public void useReunions() {
        this.reunions = new Reunions(this);
    }

    /** This node's world's leader, or null without {@link #useReunions()} (or before it knows one). */
    public NodeId worldLeader() {
        return reunions == null ? null : reunions.leader();
    }

    /** How many times this node left its world for an older one it met (0 without {@link #useReunions()}). */
    public int worldDepartures() {
        return reunions == null ? 0 : reunions.departures();
    }

    /** How many times this node claimed space nobody held ({@link Holes}). */
    public int holesClaimed() {
        return holesClaimed;
    }

    // ---- life cycle ---------------------------------------------------------------------------------

    /** Starts a new grid: this node holds the whole space. */
    public void startAsFirst() {
        requirePhase(CanPhase.IDLE, "start a grid");
        if (reunions != null) {
            reunions.startedGrid();
        }
        zones.add(Zone.wholeSpace(point.dimensions()));
        becomeActive();
    }

    /** Joins the grid that {@code bootstrap} belongs to. */
    public void join(NodeId bootstrap) {
        join(List.of(bootstrap));
    }

    /** Joins through the first of {@code bootstraps}; unanswered attempts move on to the next one. */
    public void join(List<NodeId> bootstraps) {
        requirePhase(CanPhase.IDLE, "join");
        if (bootstraps.isEmpty()) {
            throw new IllegalArgumentException("joining needs at least one known live node");
        }
        phase = CanPhase.JOINING;
        joinDesk.requestJoin(bootstraps);
    }

    /** Leaves gracefully: every zone goes to a neighbour, then the node exits. */
    public void leave() {
        boolean wasActive = phase == CanPhase.ACTIVE;
        if (wasActive && table.size() > 0) {
            new Departure(this).handOverAll();
        }
        if (wasActive && shortcuts != null) {
            // The origins we told lately would send their next messages here, to a node that is gone.
            OwnerNotice gone = new OwnerNotice(new NodeZones(ctx.self(), version + 1, new Zone[0]));
            long since = ctx.now() - OwnerShortcuts.FRESH_PERIODS * config.updatePeriodMillis();
            for (NodeId origin : shortcuts.toldSince(since)) {
                ctx.send(origin, gone);
            }
        }
        phase = CanPhase.LEFT;
        cancelTimers();
        ctx.exit();
    }

    /**
     * The join cannot go through: the node stops, the error says why, and the listeners hear it (a live
     * node then exits with that message instead of retrying forever).
     */
    void abandonJoin(String why) {
        if (phase != CanPhase.JOINING) {
            return;
        }
        log.error("{}: gave up joining: {}", ctxName(), why);
        phase = CanPhase.LEFT;
        cancelTimers();
        listener.joinAbandoned(why);
        ctx.exit();
    }

    // ---- messages -----------------------------------------------------------------------------------

    public void receive(NodeId from, CanMessage message) {
        if (phase == CanPhase.LEFT) {
            return;
        }
        if (betweenWorlds && !(message instanceof WorldHello || message instanceof WorldMerge
                || message instanceof JoinAccept)) {
            // Left one world, not yet in the other: nothing of either is ours to take, but the answer to a
            // join asked before leaving, whose owner already gave us a zone: refusing it would leave that
            // zone to no one. Were it of the world left, its owner's word to leave follows it here.
            return;
        }
        if (message instanceof RouteEnvelope env && env.payload() instanceof JoinRequest join
                && join.joiner().equals(from)) {
            // A node asking to join holds no zone, so its request is no proof that it still holds any.
            rejoining(from, join.version());
        } else if (!(message instanceof NeighbourState)) {
            heardFrom(from);
        }
        if (message instanceof NeighbourState s) {
            NeighbourState admitted = admit(from, s);
            if (admitted != null) {
                onNeighbourState(from, admitted);
            }
        } else if (message instanceof RouteEnvelope env) {
            onRouted(env);
        } else if (message instanceof JoinAccept accept) {
            joinDesk.onAccept(accept);
        } else if (message instanceof JoinContacts contacts) {
            joinDesk.onContacts(contacts);
        } else if (message instanceof Takeover t) {
            Refusals.Kind problem = TakeoverCheck.problem(t, from);
            if (problem != null) {
                refuse(problem, from, "a takeover claim");
            } else {
                takeovers.onTakeover(t);
            }
        } else if (message instanceof ZoneHandoff h) {
            onHandoff(from, h);
        } else if (message instanceof NeighbourBeat b) {
            onBeat(from, b);
        } else if (message instanceof ListRequest) {
            if (phase == CanPhase.ACTIVE) {
                ctx.send(from, new Outgoing().withBase(from));
            }
        } else if (message instanceof OwnerNotice notice) {
            onOwnerNotice(from, notice);
        } else if (message instanceof WorldHello || message instanceof WorldMerge) {
            onWorld(from, message);
        } else {
            log.warn("{}: unknown CAN message {} from {}", ctxName(), message.getClass().getName(), from);
        }
    }

    /**
     * {@code from} asks, itself, to join with a claim version past the one we credit it with: it gave up the
     * zones of that claim (it lost them, or left its world for ours) without telling us, as a node whose
     * own table lacked us does. Left in our table, the zones would stay its in our eyes while nobody holds
     * them, and its join, routed toward its own point, would come back to it. So its entry goes now and its
     * zones are recovered by takeover, as a dead neighbour's are; its connection stays, for it is alive.
     * Only the joiner's own word counts: a request passed on by others could be forged to unseat anyone.
     */
    private void rejoining(NodeId from, long version) {
        NeighbourEntry e = phase == CanPhase.ACTIVE ? table.get(from) : null;
        if (e != null && version > e.version()) {
            log.debug("{}: {} asks to join again (claim version {} past {}): its zones are free", ctxName(), from,
                    version, e.version());
            dropNeighbour(e, ctx.now());
        }
    }

    /**
     * Drops {@code gone}, a neighbour that holds its zones no longer, and races for those of them that border
     * ours.
     */
    private void dropNeighbour(NeighbourEntry gone, long now) {
        table.remove(gone.id());
        // Others list it until they notice it too, within as long again: their lists must not bring it back
        // meanwhile.
        table.rememberDead(gone.id(), gone.version(), now + config.deadAfterMillis());
        listener.neighbourRemoved(gone.id());
        takeovers.presumeDead(gone);
    }

    /**
     * Any message from a neighbour proves it alive, whichever layer it is for: its silence, after which it
     * is presumed dead, counts from now. Its state messages do this as they are read.
     */
    public void heardFrom(NodeId from) {
        if (phase == CanPhase.ACTIVE) {
            NeighbourEntry e = table.get(from);
            if (e != null) {
                e.heardAt(ctx.now());
            }
        }
    }

    private void onWorld(NodeId from, CanMessage message) {
        if (reunions == null || phase == CanPhase.IDLE || phase == CanPhase.LEFT) {
            return;
        }
        if (!WorldCheck.ok(message, from, point.dimensions())) {
            refuse(Refusals.Kind.BAD_WORLD, from, "a world's word");
        } else if (phase == CanPhase.JOINING) {
            if (message instanceof WorldMerge m) {
                // Joining again inside a world that is leaving: join the older one instead.
                reunions.onMergeWhileJoining(m);
            }
        } else if (message instanceof WorldHello h) {
            reunions.onHello(from, h);
        } else if (message instanceof WorldMerge m) {
            reunions.onMerge(from, m);
        }
    }

    /**
     * This node's world met an older one and this node leaves it: it gives up its zones without handing them
     * to anyone (its world's nodes all leave too), tells its neighbours through an empty claim, and joins
     * the older world at its point through {@code through}.
     */
    void joinAnotherWorld(NodeId through) {
        takeovers.cancelAll();
        if (table.size() > 0 && !zones.isEmpty()) {
            // Its nodes normally all leave with us, but should some stay, they get our space as on a leave.
            new Departure(this).handOverAll();
        }
        List<NeighbourEntry> former = new ArrayList<>(table.entries());
        zones.clear();
        version++;
        claim = null;
        Outgoing out = new Outgoing();
        for (NeighbourEntry e : former) {
            ctx.send(e.id(), out.to(e.id()));
            forget(e.id(), e.version());
        }
        listener.zonesChanged();
        if (tick != null) {
            tick.cancel();
        }
        phase = CanPhase.JOINING;
        joinDesk.cancel();
        joinDesk.leftWorld();
        // The word to leave spreads through our world within moments; joining only after it has, this node
        // meets none of its old world's nodes in the new one, where their claims would unsettle the tiling.
        betweenWorlds = true;
        // The node that told us of the older world first; should it not answer, nodes we knew before the cut
        // (acquaintances), which may be of that world too. A connection to it the cut left half open goes.
        List<NodeId> via = new ArrayList<>(List.of(through));
        for (int i = 0; i < acquaintances.size(); i++) {
            if (!via.contains(acquaintances.recent(i)) && !acquaintances.recent(i).equals(ctx.self())) {
                via.add(acquaintances.recent(i));
            }
        }
        ctx.presumedDead(through);
        ctx.schedule(Reunions.QUIET_PERIODS * config.updatePeriodMillis(), () -> {
            betweenWorlds = false;
            if (phase == CanPhase.JOINING) {
                joinDesk.requestJoin(via);
            }
        });
    }

    /** Routes {@code payload} to the owner of {@code target} (this node, if it owns the point). */
    public void route(Point target, Message payload) {
        RouteEnvelope env = new RouteEnvelope(target, ctx.self(), 0, config.hopLimit(), payload);
        if (phase == CanPhase.JOINING && (betweenWorlds || joinDesk.bootstrap() == null)) {
            // Between two worlds there is no grid to route through yet: it goes out once we have joined one.
            keepWhileJoining(null, env);
        } else if (phase == CanPhase.JOINING) {
            ctx.send(joinDesk.bootstrap(), env);
        } else {
            onRouted(env);
        }
    }

    private void onRouted(RouteEnvelope env) {
        if (phase == CanPhase.JOINING) {
            // Our new zone's owner may route to us before its acceptance reaches us: hold on to it.
            keepWhileJoining(null, env);
            return;
        }
        if (phase != CanPhase.ACTIVE) {
            routesDropped++;
            log.debug("{}: dropped routed {} while {}", ctxName(), env.payload().getClass().getSimpleName(), phase);
            return;
        }
        if (zones.containing(env.target()) != null) {
            if (env.payload() instanceof JoinRequest join) {
                if (!join.joiner().equals(ctx.self())) {
                    joinDesk.onJoinRequest(join);
                }
            } else if (env.payload() instanceof NeighbourProbe probe) {
                // A probe is routed, so no session vouches for its sender: it must at least name itself
                // consistently and be well formed.
                NeighbourState asked = probe.asker() == null || probe.asker().self() == null ? null : probe.asker();
                NodeId asker = asked == null ? null : asked.self().node();
                NeighbourState admitted = asker == null ? null : admit(asker, asked);
                if (admitted == null) {
                    if (asker == null) {
                        refuse(Refusals.Kind.MALFORMED_STATE, env.origin(), "a neighbour probe");
                    }
                } else if (!asker.equals(ctx.self())) {
                    onNeighbourState(asker, admitted);
                    sendState(asker);
                }
            } else {
                if (routedHandler == null) {
                    log.warn("{}: no handler for routed {}", ctxName(), env.payload().getClass().getSimpleName());
                } else {
                    routedHandler.onRouted(env.target(), env.payload(), env.hops());
                }
                if (!(env.payload() instanceof CanMessage)) {
                    tellOrigin(env.origin());
                }
            }
            return;
        }
        if (env.hops() == 0 && env.payload() instanceof JoinRequest join && join.joiner().equals(env.origin())
                && !join.joiner().equals(ctx.self())) {
            // We are the joiner's way in. Should its request be lost further on (a crashed node nobody has
            // missed yet), it retries through us and the nodes we name, not through nodes churn may have
            // taken since it was started.
            joinDesk.sendContacts(join.joiner());
        }
        if (env.hops() == 0 && shortcuts != null && !(env.payload() instanceof CanMessage)) {
            shortcuts.started(env.target(), ctx.now());
            NodeId owner = shortcuts.ownerOf(env.target(), ctx.now());
            if (owner != null && table.get(owner) == null && !owner.equals(ctx.self())) {
                forwardObserver.accept(env.payload(), owner);
                ctx.send(owner, env.nextHop());
                return;
            }
        }
        if (env.hops() >= env.hopLimit()) {
            routesDropped++;
            log.debug("{}: hop limit {} reached routing to {}", ctxName(), env.hopLimit(), env.target());
            return;
        }
        GreedyRouting.Forward next = GreedyRouting.forward(zones, ctx.self(), table.entries(), acquaintances, env,
                ctx.random());
        if (next == null) {
            routesDropped++;
            log.debug("{}: no neighbour to route towards {}", ctxName(), env.target());
            return;
        }
        forwardObserver.accept(env.payload(), next.to());
        ctx.send(next.to(), next.envelope());
    }

    /** As the owner of a routed message's point: its origin, if no neighbour, hears our zones (once a period). */
    private void tellOrigin(NodeId origin) {
        if (shortcuts != null && origin != null && !origin.equals(ctx.self()) && table.get(origin) == null
                && shortcuts.shouldTell(origin, ctx.now())) {
            ctx.send(origin, new OwnerNotice(claim()));
        }
    }

    /**
     * An owner's word on the zones it holds. Taken only from the node itself, in answer to a route of ours,
     * from no neighbour (we know those zones), only where it overlaps neither our zones nor any neighbour's
     * (a member cannot draw our routes away from space the nodes around us hold). A notice overlapping
     * another owner's word drops both: two owners of one point cannot both be right, and greedy forwarding
     * needs neither. A notice with no zones says its sender left.
     */
    private void onOwnerNotice(NodeId from, OwnerNotice notice) {
        if (shortcuts == null || phase != CanPhase.ACTIVE || table.get(from) != null) {
            return;
        }
        NodeZones claim = notice.owner();
        if (!NeighbourStateCheck.claimOk(claim, point.dimensions())) {
            refuse(Refusals.Kind.BAD_NOTICE, from, "an owner's notice: malformed");
            return;
        }
        if (!claim.node().equals(from)) {
            refuse(Refusals.Kind.WRONG_SENDER, from, "an owner's notice naming " + claim.node().shortName());
            return;
        }
        if (claim.zones().length == 0) {
            // It left: what it said it held is no longer its to take.
            shortcuts.forget(from);
            return;
        }
        if (!shortcuts.answersARoute(claim.zones())) {
            if (shortcuts.forgotRoutesLately(ctx.now())) {
                log.debug("{}: ignored an owner's notice from {} answering no route we still remember", ctx.self(),
                        from);
            } else {
                refuse(Refusals.Kind.BAD_NOTICE, from, "an owner's notice holding none of our routes' points");
            }
            return;
        }
        for (Zone z : claim.zones()) {
            if (overlapsKnownSpace(z)) {
                refuse(Refusals.Kind.BAD_NOTICE, from, "an owner's notice overlapping space held here or around");
                return;
            }
        }
        if (!shortcuts.heard(from, claim.zones(), ctx.now())) {
            refuse(Refusals.Kind.BAD_NOTICE, from, "an owner's notice overlapping another owner's word (both dropped)");
        }
    }

    private boolean overlapsKnownSpace(Zone z) {
        for (Zone mine : zones.toArray()) {
            if (mine.intersects(z)) {
                return true;
            }
        }
        for (NeighbourEntry e : table.entries()) {
            for (Zone theirs : e.zones()) {
                if (theirs.intersects(z)) {
                    return true;
                }
            }
        }
        return false;
    }

    private void onNeighbourState(NodeId from, NeighbourState s) {
        if (phase != CanPhase.ACTIVE) {
            return;
        }
        if (reunions != null && table.get(from) == null && reunions.greetIfForeign(from, s.world())) {
            // Not our neighbour, and of another world (come through a random walk to an old acquaintance, or
            // from a node still leaving): its claims belong to a tiling only one of which stays, and weighed
            // against ours they would leave space to no one. The worlds have been introduced instead.
            return;
        }
        NodeZones theirs = s.self();
        long now = ctx.now();
        NeighbourEntry known = table.get(from);
        if (known != null && known.holdsUnreduced(theirs)) {
            // The same claim as last time: every conflict and overlap it could cause has been handled. Only
            // liveness, the extension (queue, aggregates) and what changed in its list are news. This is the
            // steady state of every settled overlay, and then the list carries no change either.
            NodeZones[] news = known.absorbList(s);
            known.heard(s, now);
            if (reunions != null && s.world() != null) {
                reunions.onState(from, s.world());
            }
            readList(from, news);
            if (table.get(from) == known) {
                listener.neighbourStateReceived(known);
            }
            return;
        }
        if (EpochBound.exceeded(theirs.zones(), zones.toArray(), table.entries())) {
            refuse(Refusals.Kind.EPOCH_JUMP, from, "a claim");
            return;
        }
        boolean mineChanged = takeovers.resolveConflicts(theirs);
        NodeZones[] news;
        if (known != null && theirs.version() < known.version()) {
            // Overtaken in flight by newer news of the same node; it still shows the node is alive.
            news = known.absorbList(s);
            known.heard(known.lastState() == null ? s : known.lastState(), now);
        } else if (zones.isNeighbourOfAny(theirs.zones())) {
            // First-hand news always counts, even at a version once heard second-hand and dropped.
            NeighbourEntry e = table.put(theirs, now);
            news = e.absorbList(s);
            e.heard(s, now);
            if (reunions != null && s.world() != null) {
                reunions.onState(from, s.world());
            }
            dropEmptied(table.reconcile(e));
            // Every other entry was checked against our zones when it came in or when they last changed.
            dropEmptied(table.yieldTo(zones.toArray(), List.of(e)));
            takeovers.cancelCoveredBy(theirs);
            if (table.get(from) != null) {
                listener.neighbourStateReceived(e);
            }
        } else {
            boolean listsUs = listsMe(s, known);
            if (reunions != null && known != null && theirs.zones().length == 0) {
                // A neighbour that gave up every zone may have left for an older world; if we are left in a
                // younger one, greeting it is how we find out.
                reunions.lost(from);
            }
            forget(from, theirs.version());
            news = s.carriesList() ? s.neighbours() : s.changed();
            if (listsUs) {
                // It still thinks we are neighbours: tell it where we are so it can drop us too.
                sendState(from);
            }
        }
        readList(from, news);
        if (mineChanged) {
            zonesChanged(null);
        }
    }

    /**
     * A neighbour's state as before: the beat proved it alive as it arrived (as any message does), and its
     * world's heartbeat count is news. When we do not hold the claim, list, world or state it says we hold
     * (a state lost or overtaken, or a sender that takes us for a neighbour we no longer count it as), we
     * ask for its whole state, whose reading puts things right either way.
     */
    private void onBeat(NodeId from, NeighbourBeat b) {
        if (phase != CanPhase.ACTIVE) {
            return;
        }
        if (!b.wellFormed()) {
            refuse(Refusals.Kind.MALFORMED_STATE, from, "a beat");
            return;
        }
        NeighbourEntry known = table.get(from);
        NeighbourState last = known == null ? null : known.lastState();
        WorldBeacon world = last == null ? null : last.world();
        if (last == null || known.version() != b.version() || last.self().version() != b.version()
                || known.listVersion() != b.listVersion()
                || (world == null ? b.worldTerm() != NeighbourBeat.NO_WORLD : world.term() != b.worldTerm())
                || (known.baseVersion() != b.baseVersion() && b.baseVersion() != b.listVersion())
                || last.serial() < b.serial()) {
            ctx.send(from, new ListRequest());
            return;
        }
        if (known.baseVersion() != b.baseVersion()) {
            // Its list as we hold it became its base.
            known.rebaseHeld(b.baseVersion());
        }
        if (reunions != null && world != null) {
            reunions.onState(from, new WorldBeacon(world.leader(), world.term(), b.worldBeat()));
        }
        if (!known.holdsUnreduced(last.self())) {
            // Newer claims took some of its zones: its state is read again, as each of its states would be.
            // Conflicts between claims are settled by such repetition, whoever's news came first.
            onNeighbourState(from, last);
        } else {
            listener.neighbourStateReceived(known);
        }
    }

    /**
     * Looks at what a neighbour's list taught us: each claim we did not hold as it is goes through
     * discovery once. A list whose base we lack ({@code news} null) is asked for.
     */
    private void readList(NodeId from, NodeZones[] news) {
        if (news == null) {
            ctx.send(from, new ListRequest());
        } else if (news.length > 0) {
            discover(news, true, true);
        }
    }

    /** Learns of nodes next to us from a neighbour's list; tells each newly found node about us. */
    void discover(NodeZones[] claims) {
        discover(claims, true, false);
    }

    /**
     * As {@link #discover(NodeZones[])}; without {@code announce} the caller tells the new nodes itself
     * (a change of our zones, which is sent to every neighbour once the table is complete); with
     * {@code skipHeld}, claims our table holds as they are are passed over (news from a neighbour's list).
     */
    private void discover(NodeZones[] claims, boolean announce, boolean skipHeld) {
        // Most claims in a neighbour's list are of nodes two hops away, nowhere near our zones: one box test
        // rules out both a conflict and adjacency for them, before any closer look. A neighbour's list also
        // names many of our own neighbours, often by the very claim our table holds, which was looked at
        // when it came in (and is again whenever our space grows): comparing references spares following
        // each such claim to its zones.
        NodeZones[] held = skipHeld ? table.claims() : ListedClaims.NONE;
        NodeZones[] near = null;
        int n = 0;
        for (NodeZones c : claims) {
            if (ListedClaims.holdsObject(held, c)) {
                continue;
            }
            if (zones.touchesAny(c.zones()) && !c.node().equals(ctx.self())) {
                if (near == null) {
                    near = new NodeZones[claims.length];
                }
                near[n++] = c;
            }
        }
        boolean yielded = false;
        for (int i = 0; i < n; i++) {
            if (EpochBound.exceeded(near[i].zones(), zones.toArray())) {
                // A listed claim no correct node makes: it is passed over, as if not listed.
                refuse(Refusals.Kind.EPOCH_JUMP, near[i].node(), "a listed claim");
                near[i] = null;
                continue;
            }
            // Overlapping claims are settled even between nodes that are not neighbours.
            yielded |= takeovers.resolveConflicts(near[i]);
        }
        if (yielded) {
            zonesChanged(null);
        }
        NodeId[] found = null;
        int f = 0;
        for (int i = 0; i < n; i++) {
            NodeZones c = near[i];
            if (c == null) {
                continue;
            }
            // Second-hand news only ever adds a node: whether it stays is for its own messages to say.
            if (!zones.isNeighbourOfAny(c.zones()) || table.isStale(c)) {
                continue;
            }
            boolean isNew = table.get(c.node()) == null;
            long heard = ctx.now();
            long silence = table.rememberedSilence(c, heard);
            if (silence != NeighbourTable.NOT_REMEMBERED) {
                // A node we dropped while it was silent (or presumed dead): others list it until they notice
                // its crash themselves. Its silence goes on from when we last heard it, so that a crash is
                // noticed here within the dead-after time of its last message; one that would have less than a
                // period left to speak for itself is not taken back. Its own messages still count at once.
                if (!isNew || silence > config.deadAfterMillis() - config.updatePeriodMillis()) {
                    continue;
                }
                heard -= silence;
            }
            NeighbourEntry e = table.put(c, heard);
            dropEmptied(table.reconcile(e));
            dropEmptied(table.yieldTo(zones.toArray(), List.of(e)));
            if (isNew && announce) {
                if (found == null) {
                    found = new NodeId[n];
                }
                found[f++] = c.node();
            }
        }
        if (f > 0) {
            // One sending round for all the nodes found: each hears our list as it stands after the whole
            // list was read, and the round's messages are built once.
            Outgoing out = null;
            for (int i = 0; i < f; i++) {
                NeighbourEntry e = table.get(found[i]);
                if (e != null) {
                    if (out == null) {
                        out = new Outgoing();
                    }
                    ctx.send(e.id(), out.to(e));
                }
            }
        }
    }

    private void onHandoff(NodeId from, ZoneHandoff h) {
        onHandoff(from, h, false);
    }

    /** {@code whileJoining}: the zones came before our join was answered, and were kept until now. */
    private void onHandoff(NodeId from, ZoneHandoff h, boolean whileJoining) {
        if (phase == CanPhase.JOINING) {
            // A leaving node found us in its table (the owner that split for us listed us) before our own
            // answer reached us: the zones are ours as soon as we are in, and the giver is checked then.
            keepWhileJoining(from, h);
            return;
        }
        if (phase != CanPhase.ACTIVE) {
            log.warn("{}: zones handed over by {} while {}; they will be recovered by takeover", ctxName(), from, phase);
            return;
        }
        Refusals.Kind problem = HandoffCheck.problem(h, from, whileJoining, zones, table, point.dimensions());
        if (problem != null) {
            refuse(problem, from, "zones handed over");
            return;
        }
        for (Zone z : h.zones()) {
            zones.add(z);
        }
        zonesChanged(h.neighbours());
    }

    // ---- periodic work ------------------------------------------------------------------------------

    private void becomeActive() {
        phase = CanPhase.ACTIVE;
        betweenWorlds = false;
        version++;
        claim = null;
        long phaseShift = ctx.random().nextLong(config.updatePeriodMillis());
        tick = ctx.schedule(phaseShift, this::onTick);
    }

    private void presumeDeadIfSilent(NeighbourEntry e) {
        long now = ctx.now();
        if (phase == CanPhase.ACTIVE && table.get(e.id()) == e && e.silentFor(now) > config.deadAfterMillis()) {
            presumeDead(e, now);
        }
    }

    private void presumeDead(NeighbourEntry dead, long now) {
        dropNeighbour(dead, now);
        ctx.presumedDead(dead.id());
        if (reunions != null) {
            reunions.lost(dead.id());
        }
    }

    private void onTick() {
        if (phase != CanPhase.ACTIVE) {
            return;
        }
        tick = ctx.schedule(config.updatePeriodMillis(), this::onTick);
        long now = ctx.now();
        List<NeighbourEntry> silent = null;
        for (NeighbourEntry e : table.entries()) {
            if (e.silentFor(now) > config.deadAfterMillis()) {
                if (silent == null) {
                    silent = new ArrayList<>(2);
                }
                silent.add(e);
            }
        }
        if (silent != null) {
            for (NeighbourEntry dead : silent) {
                presumeDead(dead, now);
            }
        }
        for (NeighbourEntry e : table.entries()) {
            long left = config.deadAfterMillis() - e.silentFor(now);
            if (left < config.updatePeriodMillis()) {
                // Its dead-after time ends before our next round: look then, not up to a round late, so that
                // a crash is noticed within the dead-after time of the last message heard. Only neighbours
                // that missed heartbeats get such a look, so it costs nothing while all is well.
                ctx.schedule(left + 1, () -> presumeDeadIfSilent(e));
            }
        }
        new Departure(this).returnStrayZones();
        joinDesk.tick(now);
        list.list(listed());
        long baseBefore = list.baseVersion();
        if (!list.hasBase() || ++ticksSinceBase >= FULL_LIST_EVERY || list.changesOutgrowBase()) {
            // Now and then the list becomes the base, so that changes stay short. Who holds our base is
            // settled below: a round of beats makes it the base in place.
            list.rebase();
            ticksSinceBase = 0;
        }
        if (reunions != null) {
            // Before the states: a node that does not take us for a neighbour learns our world first.
            reunions.tick();
        }
        Outgoing out = new Outgoing();
        NodeZones[] listNews = roundNews(out);
        NeighbourBeat beat = beat(out);
        if (list.baseVersion() != baseBefore && (beat == null || listNews != null)) {
            // A new base that the neighbours cannot make from what they hold (or not all of them hear of
            // this round): it goes to each whole.
            for (NeighbourEntry e : table.entries()) {
                e.baseReplaced();
            }
        }
        for (NeighbourEntry e : table.entries()) {
            if (listNews == null || !e.holdsOurBase() || concerns(listNews, e)) {
                // In a quiet period: a neighbour still owed our base list gets it, and one that borders a
                // node new to our list hears of it now (neighbour discovery), the others at the heartbeat.
                ctx.send(e.id(), beat != null && e.holdsOurBase() ? beat : out.to(e));
            }
        }
        NeighbourState sent = out.sent();
        if (listNews == null && sent != null) {
            // A round of beats only leaves the last round's state as every neighbour's.
            lastRound = sent;
        }
        FaceCoverage.Gap gap = FaceCoverage.uncovered(zones, table, ctx.random());
        if (gap != null) {
            route(gap.point(), new NeighbourProbe(out.withBase()));
        }
        List<Zone> unheld = holes.tick(gap, takeovers.racing(), zones, table);
        if (!unheld.isEmpty()) {
            log.info("{}: nobody has held the space beyond {} for {} periods: claiming {}", ctxName(), gap.zone(),
                    holes.patiencePeriods(), unheld);
            holesClaimed++;
            unheld.forEach(zones::add);
            zonesChanged(null);
        }
    }

    /**
     * What this period's round of state messages is for. A round that would tell the neighbours what the
     * last state sent to all of them told them (the same claim, extension of the higher layers and world;
     * sent by the last full round or when our zones changed) carries nothing but proof of life and its
     * list's changes, which they need only often enough to tell a crashed node from a quiet one: it goes to
     * everyone every {@link CanConfig#heartbeatPeriods()} periods, and in between only to the neighbours
     * that border a claim new to our list. A changed state goes to everyone at once.
     * Extensions and worlds are compared by {@code equals}: one without value equality counts as changed
     * every time, which costs messages but never withholds news.
     *
     * @return null when the round goes to every neighbour; otherwise the claims new to our list since that
     *         state (none when it did not change)
     */
    private NodeZones[] roundNews(Outgoing out) {
        NeighbourState last = lastRound;
        boolean same = last != null && claim() == last.self() && Objects.equals(out.ext, last.extension())
                && Objects.equals(out.world, last.world());
        if (!same || ++quietPeriods >= config.heartbeatPeriods()) {
            quietPeriods = 0;
            return null;
        }
        if (list.version() == last.listVersion()) {
            return ListedClaims.NONE;
        }
        return ListedClaims.news(list.changed(), last.changed());
    }

    /**
     * The beat that stands for this round's state, or null when the state is not the last round's: the same
     * claim and list, an extension equal by value (or none), and the same world but for the count of its
     * leader's heartbeats, which the beat carries. Every neighbour that holds our base list got that state (by
     * that round, or by a later message of the same list and claim, whose number the receiver compares), so a
     * beat tells it all a state would.
     */
    private NeighbourBeat beat(Outgoing out) {
        NeighbourState last = lastRound;
        if (last == null || claim() != last.self() || list.version() != last.listVersion()
                || !Objects.equals(out.ext, last.extension())) {
            return null;
        }
        WorldBeacon was = last.world();
        if (out.world == null || was == null) {
            return out.world == null && was == null
                    ? new NeighbourBeat(last.self().version(), list.baseVersion(), last.listVersion(),
                            NeighbourBeat.NO_WORLD, 0, last.serial())
                    : null;
        }
        if (!out.world.leader().equals(was.leader()) || out.world.term() != was.term()) {
            return null;
        }
        return new NeighbourBeat(last.self().version(), list.baseVersion(), last.listVersion(), was.term(),
                out.world.beat(), last.serial());
    }

    /** True when one of {@code news} borders or overlaps {@code e}'s zones: that neighbour may not know it yet. */
    private static boolean concerns(NodeZones[] news, NeighbourEntry e) {
        for (NodeZones c : news) {
            if (c.node().equals(e.id())) {
                continue;
            }
            for (Zone z : c.zones()) {
                for (Zone m : e.zones()) {
                    if (m.touches(z)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    // ---- state shared with the protocol's helpers ---------------------------------------------------

    /** Re-announces this node after its zones changed: new claim, stale neighbours dropped, all told. */
    void zonesChanged(NodeZones[] learned) {
        if (phase == CanPhase.ACTIVE && !zones.isEmpty() && zones.containing(point) == null) {
            // Our home zone went to a claim that outranks it while we held others by takeover. A node
            // must live where its point is (matchmaking reads capabilities from zone positions): give
            // the others to neighbours, as on leaving, and join again at our point like a node that lost
            // everything.
            log.debug("{}: lost the zone of its own point, handing over {} and joining again", ctxName(),
                    zones.list());
            new Departure(this).handOverAll();
        }
        version++;
        claim = null;
        List<NeighbourEntry> before = new ArrayList<>(table.entries());
        table.forgetForgotten();
        dropEmptied(table.yieldTo(zones.toArray()));
        long now = ctx.now();
        for (NeighbourEntry e : before) {
            if (!zones.isNeighbourOfAny(e.zones())) {
                forget(e.id(), e.version());
                long silence = e.silentFor(now);
                if (silence > config.heartbeatMillis() + config.updatePeriodMillis() / 4) {
                    // It missed a heartbeat (by more than a message takes on a calm network): it may have
                    // crashed. Should our zones grow next to it again (which clears the memory of nodes
                    // forgotten as not adjacent), a list naming its last claim would bring it back as a
                    // neighbour heard from now, and its crash would go unnoticed here for another dead-after
                    // time. Remembered, its silence goes on from its last message.
                    table.rememberSilent(e.id(), e.version(), now - silence,
                            now - silence + 2 * config.deadAfterMillis());
                }
            }
        }
        if (learned != null) {
            discover(learned, false, false);
        }
        Outgoing out = new Outgoing();
        for (NeighbourEntry e : before) {
            ctx.send(e.id(), out.to(e.id()));
        }
        for (NeighbourEntry e : table.entries()) {
            if (!before.contains(e)) {
                ctx.send(e.id(), out.to(e));
            }
        }
        // Every neighbour has our state as it is now: the next round need not tell it again.
        lastRound = out.sent();
        quietPeriods = 0;
        double volume = zones.volume();
        if (volume > announcedVolume) {
            // Our space grew (a takeover, a hand-over, a merge): nodes our neighbours list may border it now.
            rereadLists();
        }
        announcedVolume = volume;
        listener.zonesChanged();
        if (zones.isEmpty() && phase == CanPhase.ACTIVE) {
            rejoin(before);
        }
    }

    /**
     * All our zones went to claims that outrank them (we lost a race over that space). A node without a
     * zone can neither route nor serve, and its point now lies in another node's zone: it joins again,
     * through the nodes it knew a moment ago. The empty claim just sent has already made them drop us.
     */
    private void rejoin(List<NeighbourEntry> former) {
        List<NodeId> via = new ArrayList<>();
        for (NeighbourEntry e : former) {
            via.add(e.id());
        }
        for (int i = 0; i < acquaintances.size(); i++) {
            // The latest first: the neighbours just dropped, among them the node that outranked us.
            if (!via.contains(acquaintances.recent(i))) {
                via.add(acquaintances.recent(i));
            }
        }
        if (via.isEmpty()) {
            log.warn("{}: lost every zone and knows no node to join through", ctxName());
            return;
        }
        log.debug("{}: lost every zone, joining again", ctxName());
        if (tick != null) {
            tick.cancel();
        }
        takeovers.cancelAll();
        phase = CanPhase.JOINING;
        joinDesk.requestJoin(via);
    }

    NodeZones claim() {
        if (claim == null) {
            claim = new NodeZones(ctx.self(), version, zones.toArray());
        }
        return claim;
    }

    /** Our neighbour list as a state message names it: the table's claims and those of the presumed dead. */
    private NodeZones[] listed() {
        NodeZones[] listed = table.claims();
        NodeZones[] dying = takeovers.pendingDeadClaims();
        if (dying.length > 0) {
            listed = java.util.Arrays.copyOf(listed, listed.length + dying.length);
            System.arraycopy(dying, 0, listed, listed.length - dying.length, dying.length);
        }
        return listed;
    }

    /** Makes our list as it is now the base; a base of a new number no neighbour holds yet. */
    private void rebaseList() {
        long before = list.baseVersion();
        list.rebase();
        if (list.baseVersion() != before) {
            for (NeighbourEntry e : table.entries()) {
                e.baseReplaced();
            }
        }
    }

    /** Sends our state to one node: the list's changes to a neighbour that holds its base, the base too to anyone else. */
    void sendState(NodeId to) {
        ctx.send(to, new Outgoing().to(to));
    }

    /** Our state with our base list and the changes since: what a node that may not hold that base gets. */
    NeighbourState state() {
        return new Outgoing().withBase();
    }

    /**
     * Reads every neighbour's list again, as we hold it, and every neighbour's claim: after our space grew,
     * or once a takeover race over our space is decided.
     */
    void rereadLists() {
        List<NeighbourEntry> now = new ArrayList<>(table.entries());
        NodeZones[] claims = new NodeZones[now.size()];
        for (int i = 0; i < claims.length; i++) {
            claims[i] = now.get(i).claim();
        }
        discover(claims);
        for (NeighbourEntry e : now) {
            if (table.get(e.id()) == e) {
                discover(e.listed());
            }
        }
    }

    /**
     * The state messages of one sending round, built at most once each: changes only, for neighbours that
     * hold our base list; base and changes, for everyone else (a new neighbour, a node we are not next to).
     * The list and the extension are read once, so every receiver of the round hears the same.
     */
    private final class Outgoing {
        private final Message ext = extension.get();
        private final WorldBeacon world = reunions == null ? null : reunions.beacon();
        private NeighbourState changesOnly;
        private NeighbourState withBase;

        private final long serial = ++states;

        Outgoing() {
            list.list(listed());
            if (!list.hasBase()) {
                rebaseList();
            }
        }

        NeighbourState to(NodeId id) {
            NeighbourEntry e = table.get(id);
            return e == null ? withBase() : to(e);
        }

        NeighbourState to(NeighbourEntry e) {
            if (e.holdsOurBase()) {
                if (changesOnly == null) {
                    changesOnly = build(false);
                }
                return changesOnly;
            }
            e.sentBase();
            return withBase();
        }

        NeighbourState withBase(NodeId id) {
            NeighbourEntry e = table.get(id);
            if (e != null) {
                e.sentBase();
            }
            return withBase();
        }

        /** A message of this round as sent, or null when none was built (no one to send to). */
        NeighbourState sent() {
            return changesOnly != null ? changesOnly : withBase;
        }

        NeighbourState withBase() {
            if (withBase == null) {
                withBase = build(true);
            }
            return withBase;
        }

        private NeighbourState build(boolean base) {
            if (lastRound != null && !Objects.equals(ext, lastRound.extension())) {
                // Whoever gets this state holds another extension than the last round's: should ours turn
                // back to that one, a beat must not tell them it is as before.
                lastRound = null;
            }
            return new NeighbourState(claim(), point, capabilities, base ? list.base() : null, list.baseVersion(),
                    list.changed(), list.dropped(), list.version(), ext, world, serial);
        }
    }

    /**
     * Sends this node's current state to some neighbours now, between periodic updates: for a layer whose
     * extension changed and whose neighbours should not wait up to a period to hear it.
     */
    public void sendStateNow(Collection<NodeId> to) {
        if (phase != CanPhase.ACTIVE || to.isEmpty()) {
            return;
        }
        Outgoing out = new Outgoing();
        for (NodeId id : to) {
            ctx.send(id, out.to(id));
        }
    }

    void forget(NodeId id, long version) {
        if (table.remove(id) != null) {
            listener.neighbourRemoved(id);
            acquaintances.add(id);
        }
        table.remember(id, version);
    }

    Acquaintances acquaintances() {
        return acquaintances;
    }

    private void dropEmptied(List<NeighbourEntry> emptied) {
        for (NeighbourEntry e : emptied) {
            forget(e.id(), e.version());
        }
    }

    /** True when the sender of {@code s} lists us, by the message itself or, for changes, with what we hold. */
    private boolean listsMe(NeighbourState s, NeighbourEntry known) {
        if (s.carriesList() || s.listVersion() == NeighbourState.UNVERSIONED) {
            return ListedClaims.indexOf(s.neighbours(), ctx.self()) >= 0;
        }
        if (ListedClaims.indexOf(s.changed(), ctx.self()) >= 0) {
            return true;
        }
        for (NodeId d : s.dropped()) {
            if (d.equals(ctx.self())) {
                return false;
            }
        }
        return known != null && ListedClaims.indexOf(known.listed(), ctx.self()) >= 0;
    }

    void activateWith(Zone[] given, NodeZones[] learned) {
        for (Zone z : given) {
            zones.add(z);
        }
        if (phase == CanPhase.JOINING) {
            becomeActive();
        }
        zonesChanged(learned);
        if (keptWhileJoining != null) {
            List<Kept> kept = keptWhileJoining;
            keptWhileJoining = null;
            // Zones handed over first, so that routed messages find all the space that is ours.
            for (Kept k : kept) {
                if (k.message() instanceof ZoneHandoff h) {
                    onHandoff(k.from(), h, true);
                }
            }
            for (Kept k : kept) {
                if (k.message() instanceof RouteEnvelope env) {
                    onRouted(env);
                }
            }
        }
    }

    private void keepWhileJoining(NodeId from, CanMessage m) {
        if (keptWhileJoining == null) {
            keptWhileJoining = new ArrayList<>(2);
        }
        keptWhileJoining.add(new Kept(from, m));
    }

    /**
     * The state message as this node may read it, or null when it must be refused whole: its overlay part
     * must pass {@link NeighbourStateCheck}; an extension the layer above refuses is replaced by the sender's
     * last accepted one.
     */
    private NeighbourState admit(NodeId from, NeighbourState s) {
        int dims = point.dimensions();
        Refusals.Kind problem = NeighbourStateCheck.problem(s, from, dims);
        if (problem != null) {
            refuse(problem, from, "a state message");
            return null;
        }
        if (extensionCheck != null) {
            String bad = extensionCheck.problem(s.extension(), s.self(), dims);
            if (bad != null) {
                refuse(Refusals.Kind.BAD_EXTENSION, from, "a state extension: " + bad);
                NeighbourEntry known = table.get(from);
                NeighbourState last = known == null ? null : known.lastState();
                return s.withExtension(last == null ? null : last.extension());
            }
        }
        return s;
    }

    void refuse(Refusals.Kind kind, NodeId from, String what) {
        refusalCounts().refuse(ctx.self(), kind, from, what);
    }

    private Refusals refusalCounts() {
        if (refusals == null) {
            refusals = new Refusals();
        }
        return refusals;
    }

    void redrawVirtualCoordinate() {
        double[] c = point.toArray();
        c[c.length - 1] = ctx.random().nextDouble();
        point = Point.of(c);
    }

    private void cancelTimers() {
        if (tick != null) {
            tick.cancel();
        }
        joinDesk.cancel();
        takeovers.cancelAll();
    }

    private void requirePhase(CanPhase expected, String action) {
        if (phase != expected) {
            throw new IllegalStateException("cannot " + action + " while " + phase);
        }
    }

    String ctxName() {
        return ctx.self().shortName();
    }

    NodeContext ctx() {
        return ctx;
    }

    public CanConfig config() {
        return config;
    }

    OwnZones ownZones() {
        return zones;
    }

    NeighbourTable table() {
        return table;
    }

    CanListener listener() {
        return listener;
    }

    // ---- what tools, tests and higher layers may read -----------------------------------------------

    public NodeId id() {
        return ctx.self();
    }

    public CanPhase phase() {
        return phase;
    }

    public Point point() {
        return point;
    }

    public Capabilities capabilities() {
        return capabilities;
    }

    public long version() {
        return version;
    }

    /** The zones this node holds. */
    public Zone[] zones() {
        return zones.toArray();
    }

    /** The neighbour table, read-only. */
    public List<NeighbourEntry> neighbours() {
        return table.entries();
    }

    /** Whether {@code id} is in this node's neighbour table now. */
    public boolean hasNeighbour(NodeId id) {
        return table.get(id) != null;
    }

    public boolean owns(Point p) {
        return phase == CanPhase.ACTIVE && zones.containing(p) != null;
    }

    public double volume() {
        return zones.volume();
    }

    /** The inputs from peers this node refused at the door, by kind. */
    public Refusals refusals() {
        return refusalCounts();
    }

    /** Routed messages this node dropped (hop limit, no neighbour, not active). */
    public long routesDropped() {
        return routesDropped;
    }
}
