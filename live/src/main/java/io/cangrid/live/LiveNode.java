package io.cangrid.live;

import io.cangrid.overlay.LogText;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.Timer;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One live node: its identity, its program, its connections, and the {@link NodeContext} its program
 * sees. Everything of a node — protocol events, timers, its connections' handlers — runs on one Netty
 * event loop, which other nodes of the same runtime may share; so the program is only ever called from
 * one thread, and work from other threads reaches it through {@link #post}.
 */
public final class LiveNode implements NodeContext {

    private static final Logger log = LoggerFactory.getLogger(LiveNode.class);

    private enum State { BOUND, RUNNING, EXITING, STOPPED }

    private final LiveRuntime runtime;
    private final EventLoop loop;
    private final NodeId id;
    private final NodeKey key;
    private final long incarnation;
    private final Revocations revocations;
    private final StaticAgreements agreements;
    private final PeerLinks links;
    private final FaultLayer faults;
    private final RandomGenerator random;
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();
    private final LongAdder delivered = new LongAdder();
    private volatile State state = State.BOUND;
    private Channel server;
    private NodeProgram program;
    private long exitStarted;
    /** Whether a peer already said it cannot reach our advertised address (on the loop only). */
    private boolean toldUnreachable;

    LiveNode(LiveRuntime runtime, EventLoop loop, NodeId id, NodeKey key, long incarnation, SecureRandom seeds) {
        this.runtime = runtime;
        this.loop = loop;
        this.id = id;
        this.key = key;
        this.incarnation = incarnation;
        this.revocations = Revocations.forAdmission(runtime.config().admission());
        this.agreements = new StaticAgreements(key);
        this.random = new SplittableRandom(seeds.nextLong());
        this.links = new PeerLinks(this, runtime.config());
        this.faults = new FaultLayer(loop, id.shortName(), links::send, () -> state != State.STOPPED);
    }

    void listenOn(Channel serverChannel) {
        this.server = serverChannel;
    }

    // ---- what the runtime's user drives ---------------------------------------------------------------

    /** Creates the program on the node's thread and starts it; messages that came earlier were dropped. */
    public CompletableFuture<Void> start(NodeProgramFactory factory) {
        return CompletableFuture.runAsync(() -> {
            if (state != State.BOUND) {
                throw new IllegalStateException("node " + id + " was already started");
            }
            program = factory.create(this);
            state = State.RUNNING;
            program.start();
        }, loop);
    }

    /** Opens a connection to {@code host:port} and completes with the id of the node that answered there. */
    public CompletableFuture<NodeId> identify(String host, int port) {
        CompletableFuture<NodeId> result = new CompletableFuture<>();
        loop.execute(() -> links.identify(host, port).whenComplete((node, failure) -> {
            if (failure != null) {
                result.completeExceptionally(failure);
            } else {
                result.complete(node);
            }
        }));
        return result;
    }

    /** Asks the program to leave gracefully; completes when the node has stopped. */
    public CompletableFuture<Void> leave() {
        loop.execute(() -> {
            if (state == State.RUNNING) {
                program.leave();
            } else if (state == State.BOUND) {
                exit();
            }
        });
        return stopped;
    }

    /**
     * Applies the link faults {@code file} describes ({@link LinkFaults}) to what this node sends from now on,
     * reading it again while the node runs: for tests across hosts. An absent file means no faults.
     */
    public void faultsFrom(java.nio.file.Path file) {
        loop.execute(() -> faults.watch(file));
    }

    /** The link faults in force now (tests). */
    LinkFaults linkFaults() {
        return faults.faults();
    }

    /** Stops at once, without a word to anyone: what a killed process looks like to its peers. */
    public void crash() {
        state = State.STOPPED;
        loop.execute(this::closeEverything);
    }

    public CompletableFuture<Void> stopped() {
        return stopped;
    }

    public boolean isRunning() {
        return state == State.RUNNING;
    }

    /** Runs {@code read} on the node's thread with its program (null before start) and returns the result. */
    public <T> CompletableFuture<T> inspect(Function<NodeProgram, T> read) {
        return CompletableFuture.supplyAsync(() -> read.apply(program), loop);
    }

    public NetStats stats() {
        return new NetStats(links.sent(), delivered.sum(), links.dropped() + faults.dropped(), runtime.rejects().rejected(),
                links.connections(), links.wireBytes().written());
    }

    /** The sender of the message being handled, and the user its credential names: see {@link #userOf}. */
    private NodeId sender;
    private String senderUser;

    // ---- NodeContext ----------------------------------------------------------------------------------

    @Override
    public NodeId self() {
        return id;
    }

    @Override
    public long now() {
        return System.currentTimeMillis();
    }

    @Override
    public Timer schedule(long delayMillis, Runnable action) {
        if (delayMillis < 0) {
            throw new IllegalArgumentException("timer delay must be >= 0, was " + delayMillis);
        }
        LiveTimer t = new LiveTimer();
        t.future = loop.schedule(() -> {
            if (state == State.RUNNING && !t.isCancelled()) {
                runSafely(action, "a timer");
            }
        }, delayMillis, TimeUnit.MILLISECONDS);
        return t;
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public void send(NodeId to, Message message) {
        if (to.value() == id.value()) {
            post(() -> deliver(id, null, message));
        } else {
            faults.send(to, message);
        }
    }

    @Override
    public void presumedDead(NodeId peer) {
        links.closeTo(peer);
    }

    @Override
    public void post(Runnable action) {
        if (state == State.STOPPED) {
            return;
        }
        loop.execute(() -> {
            if (state == State.RUNNING) {
                runSafely(action, "a posted action");
            }
        });
    }

    @Override
    public void exit() {
        if (state == State.RUNNING || state == State.BOUND) {
            state = State.EXITING;
            exitStarted = System.currentTimeMillis();
            loop.execute(this::drainThenClose);
        }
    }

    // ---- the runtime's side ---------------------------------------------------------------------------

    /** A message from {@code from}, whose credential names {@code user} (null: none). */
    void arrived(NodeId from, String user, Message message) {
        if (state != State.RUNNING) {
            return;
        }
        if (loop.inEventLoop()) {
            // The connection's handler already runs on this node's thread: hand the message over now
            // rather than as one more task, which is most of a routed message's cost on a busy node.
            deliver(from, user, message);
        } else {
            loop.execute(() -> deliver(from, user, message));
        }
    }

    @Override
    public String userOf(NodeId from) {
        return from.equals(sender) ? senderUser : null;
    }

    private void deliver(NodeId from, String user, Message message) {
        if (message instanceof RevocationNotice notice) {
            // The runtime's own business: identity is a live concern, below every protocol.
            revocationArrived(from, notice);
            return;
        }
        if (message instanceof ReachNotice notice) {
            reachNoticeArrived(from, notice);
            return;
        }
        if (state == State.RUNNING) {
            delivered.increment();
            sender = from;
            senderUser = user;
            try {
                runSafely(() -> program.receive(from, message), message.getClass().getSimpleName() + " from " + from);
            } finally {
                sender = null;
                senderUser = null;
            }
        }
    }

    private void runSafely(Runnable action, String what) {
        try {
            action.run();
        } catch (RuntimeException e) {
            // A fault in protocol code must not take the node's connections (or its loop's other nodes) down.
            // What is named may come from a peer (its address, text in its message): escaped, one line.
            log.error("{}: failed handling {}: {}", id.shortName(), LogText.of(what), LogText.of(e.toString(), 1000));
            log.debug("{}: stack of the failure", id.shortName(), e);
        }
    }

    /**
     * Takes a revocation a peer brought: checks it is the authority's, keeps it, ends the sessions it
     * withdraws and passes it on to the nodes this node is connected to. A client that brought it is told
     * the outcome.
     */
    private void revocationArrived(NodeId from, RevocationNotice notice) {
        Revocation r;
        Revocations.Outcome outcome;
        try {
            r = Revocation.decode(notice.revocation());
            outcome = revocations.accept(r);
        } catch (CredentialException e) {
            Revocations.IDENTITY_LOG.warn("{}: refused a revocation from {}: {}", id.shortName(), LogText.of(from.toString()),
                    LogText.of(e.getMessage(), 500));
            if (!from.hasAddress()) {
                send(from, new RevocationReply(false, e.getMessage()));
            }
            return;
        }
        if (outcome == Revocations.Outcome.NEW) {
            Revocations.IDENTITY_LOG.info("{}: revocation of {} in force (from {})", id.shortName(), r.subjectText(),
                    LogText.of(from.toString()));
            if (r.covers(key.publicKey(), id.value(), null)) {
                Revocations.IDENTITY_LOG.error("{}: the grid's authority revoked this node ({}); every node will refuse it",
                        id.shortName(), r.subjectText());
            }
            links.closeRevoked(revocations);
            links.toEveryNode(notice, from);
        }
        if (!from.hasAddress()) {
            send(from, new RevocationReply(true, outcome == Revocations.Outcome.NEW ? "in force from now on"
                    : "already in force"));
        }
    }

    /**
     * A peer could not open a connection to the address this node advertises. Said once in the node's life,
     * however many peers find it: the remedy is the operator's, and the first word names it.
     */
    private void reachNoticeArrived(NodeId from, ReachNotice notice) {
        String problem = notice.problemFor(id);
        if (problem != null) {
            log.debug("{}: ignored a word on reachability from {}: {}", id.shortName(), LogText.of(from.toString()),
                    problem);
            return;
        }
        if (!toldUnreachable) {
            toldUnreachable = true;
            log.warn("{}: node {} cannot reach this node at {}:{}, the address it advertises ({}); nodes can answer"
                    + " it only over connections it opened itself: give --advertise an address its peers reach, and"
                    + " let TCP port {} in through the firewall", id.shortName(), LogText.of(from.toString()),
                    LogText.of(notice.host()), notice.port(), LogText.of(notice.reason(), ReachNotice.MAX_REASON),
                    notice.port());
        }
    }

    /** Lets handshakes still under way deliver what a leaving program sent, for a bounded time. */
    private void drainThenClose() {
        if (links.anyPending() && System.currentTimeMillis() - exitStarted < runtime.config().leaveGraceMillis()) {
            loop.schedule(this::drainThenClose, 20, TimeUnit.MILLISECONDS);
            return;
        }
        state = State.STOPPED;
        closeEverything();
    }

    private void closeEverything() {
        if (server != null) {
            server.close();
        }
        links.closeAll();
        stopped.complete(null);
    }

    EventLoop loop() {
        return loop;
    }

    LiveRuntime runtime() {
        return runtime;
    }

    PeerLinks links() {
        return links;
    }

    SessionHandler newSession(boolean initiator, SessionEvents events) {
        return runtime.newSession(initiator, this, events);
    }

    NodeKey key() {
        return key;
    }

    long incarnation() {
        return incarnation;
    }

    StaticAgreements agreements() {
        return agreements;
    }

    /** The revocations this node enforces; {@link Revocations#keepIn} makes them outlive it. */
    public Revocations revocations() {
        return revocations;
    }

    /** How many sessions this node holds with the node {@code id} (read on the node's thread). */
    public CompletableFuture<Integer> sessionsWith(long id) {
        return CompletableFuture.supplyAsync(() -> links.sessionsWith(id), loop);
    }

    /** The public key this node proves in every handshake, as commands print it. */
    public String publicKeyText() {
        return key.publicText();
    }

    private static final class LiveTimer implements Timer {
        private volatile boolean cancelled;
        private io.netty.util.concurrent.ScheduledFuture<?> future;

        @Override
        public void cancel() {
            cancelled = true;
            if (future != null) {
                future.cancel(false);
            }
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }
    }
}
