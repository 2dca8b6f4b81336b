package io.cangrid.live;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.cangrid.overlay.LogText;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.AttributeKey;
import io.netty.util.NetUtil;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's connections to its peers, one reused per peer (keyed by the peer's id), opened on first use,
 * reopened after a back-off that doubles while the peer stays unreachable. A message to a peer that
 * cannot be reached is dropped and counted: the protocols tolerate loss. So is a message too large for a
 * frame, with a warning: it is refused here, before it could make the peer close the connection that
 * every later message to it travels on. Caffeine bounds how many connections stay open and how many
 * back-off records are kept. Runs on the node's event loop.
 *
 * <p>Two nodes that connect to each other at the same moment end up with two connections, one each way;
 * each writes on the one it opened and both stay until idle. That is rare and harmless, so it is
 * tolerated rather than negotiated away.
 */
final class PeerLinks implements SessionEvents {

    private static final Logger log = LoggerFactory.getLogger(PeerLinks.class);
    private static final AttributeKey<PeerLink> LINK = AttributeKey.valueOf("cangrid.link");
    private static final int WARNINGS_PER_SECOND = 10;
    /** Connections a second a node opens to try the addresses that connecting nodes advertise. */
    static final int REACH_TRIES_PER_SECOND = 5;

    private record Backoff(long until, long delay) {
    }

    private final LiveNode node;
    private final NetConfig config;
    private final MessageEncoder encoder;
    private final LineBudget refusalWarnings = new LineBudget(WARNINGS_PER_SECOND);
    private final HandshakeGate handshakes;
    private final Cache<Long, PeerLink> byPeer;
    private final Cache<Long, Backoff> backoffs;
    /** Nodes whose connecting address was said to differ from the one they advertise, so each is said once. */
    private final Cache<Long, Boolean> mismatchesSaid = Caffeine.newBuilder().maximumSize(4096)
            .executor(Runnable::run).build();
    final ChannelGroup channels;
    /** Nodes whose advertised address was tried (see tryReach), so each life is tried once. */
    private final Cache<Long, Boolean> reachTried = Caffeine.newBuilder().maximumSize(4096)
            .executor(Runnable::run).build();
    private final LineBudget reachTries = new LineBudget(REACH_TRIES_PER_SECOND);
    private final LongAdder sent = new LongAdder();
    private final WireBytes wireBytes = new WireBytes();
    private final LongAdder dropped = new LongAdder();

    PeerLinks(LiveNode node, NetConfig config) {
        this.node = node;
        this.config = config;
        this.encoder = node.runtime().encoder();
        this.handshakes = new HandshakeGate(config.maxHandshakes(), config.maxHandshakesPerAddress());
        this.channels = new DefaultChannelGroup(node.loop());
        this.byPeer = Caffeine.newBuilder()
                .maximumSize(config.maxConnections())
                .executor(Runnable::run)
                .<Long, PeerLink>evictionListener((peer, link, cause) -> {
                    if (link != null) {
                        link.channel.close();
                    }
                })
                .build();
        this.backoffs = Caffeine.newBuilder()
                .maximumSize(4L * config.maxConnections())
                .expireAfterWrite(Duration.ofMillis(2 * config.backoffMaxMillis()))
                .executor(Runnable::run)
                .build();
    }

    void send(NodeId to, Message m) {
        sent.increment();
        EncodedMessage encoded;
        try {
            encoded = encoder.encode(m);
        } catch (MessageTooLargeException e) {
            refused(to, m, e.getMessage());
            return;
        } catch (IllegalArgumentException e) {
            // A type without a wire id: a bug here, not the peer's doing, so its connection is left alone too.
            refused(to, m, "cannot encode it: " + e.getMessage());
            return;
        }
        PeerLink link = byPeer.getIfPresent(to.value());
        if (link == null) {
            if (!to.hasAddress()) {
                dropped.increment();
                log.debug("{}: dropped {} to {}: no connection and no address", node.self().shortName(),
                        encoded.type(), LogText.of(to.toString()));
                return;
            }
            Backoff b = backoffs.getIfPresent(to.value());
            if (b != null && System.currentTimeMillis() < b.until()) {
                dropped.increment();
                return;
            }
            link = connect(to.host(), to.port());
            link.remote = to;
            byPeer.put(to.value(), link);
        }
        if (link.open) {
            link.channel.writeAndFlush(encoded, link.channel.voidPromise());
        } else if (!link.hold(encoded, config.maxPendingPerPeer())) {
            dropped.increment();
        }
    }

    /** Drops a message that cannot be sent at all; the connection to its peer is left as it is. */
    private void refused(NodeId to, Message m, String why) {
        dropped.increment();
        int held = refusalWarnings.take();
        if (held >= 0) {
            log.warn("{}: not sending {} to {}: {}{}", node.self().shortName(), m.getClass().getSimpleName(),
                    LogText.of(to.toString()), LogText.of(why, 1000), LineBudget.heldBack(held));
        }
    }

    /** Opens a connection to an address and tells who answered there; the connection is kept for reuse. */
    CompletableFuture<NodeId> identify(String host, int port) {
        return connect(host, port).identified;
    }

    private PeerLink connect(String host, int port) {
        Bootstrap b = Transport.abortUnacknowledged(new Bootstrap())
                .group(node.loop())
                .channel(Transport.channel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) config.connectMillis())
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        Pipelines.install(ch, true, config, node.runtime().codec(), node.newSession(true, PeerLinks.this),
                                wireBytes);
                    }
                });
        ChannelFuture f = b.connect(host, port);
        PeerLink link = new PeerLink(f.channel(), true);
        f.channel().attr(LINK).set(link);
        channels.add(f.channel());
        f.addListener(done -> {
            if (!done.isSuccess()) {
                failed(link, "cannot connect to " + host + ":" + port + ": " + done.cause().getMessage());
            }
        });
        return link;
    }

    /**
     * An accepted connection: it becomes a link once its handshake succeeds. Returns false when it was
     * closed at once instead, for the grid port holds as many connections in their handshake as it may.
     */
    boolean accepted(Channel ch) {
        String refusal = handshakes.admit(ch);
        if (refusal != null) {
            node.runtime().rejects().closed(ch.remoteAddress(), refusal);
            ch.close();
            return false;
        }
        ch.attr(LINK).set(new PeerLink(ch, false));
        channels.add(ch);
        return true;
    }

    @Override
    public void opened(Channel channel, NodeId remote) {
        handshakes.release(channel);
        PeerLink link = channel.attr(LINK).get();
        if (link.outbound && link.remote != null && link.remote.value() != remote.value()) {
            // Another node now listens where the expected one did: what was queued was not meant for it.
            dropped.add(link.discardPending());
            byPeer.asMap().remove(link.remote.value(), link);
        }
        link.remote = remote;
        link.open = true;
        PeerLink current = byPeer.getIfPresent(remote.value());
        if (current == null || (!current.open && current != link && !current.hasPending())) {
            byPeer.put(remote.value(), link);
        }
        backoffs.invalidate(remote.value());
        link.release();
        link.identified.complete(remote);
        Peer peer = channel.attr(SessionHandler.PEER).get();
        if (peer != null && peer.isNode() && !link.outbound && connectsFromAdvertisedHost(remote, channel)) {
            tryReach(remote, channel);
        }
        if (peer != null && peer.isNode()) {
            // A node that was away (or new) learns the revocations it missed from each node it meets.
            for (Revocation r : node.revocations().all()) {
                write(channel, new RevocationNotice(r.encode()));
            }
        }
    }

    /**
     * Whether a node connects from the host it advertises. One that does not is served all the same (a
     * NAT, a machine of several addresses), and said once: when the advertised address is wrong, every
     * reply to it goes nowhere. Only an advertised address written as an IP is compared: a name would need
     * a lookup here, on the node's thread.
     */
    private boolean connectsFromAdvertisedHost(NodeId remote, Channel channel) {
        if (!remote.hasAddress() || !(channel.remoteAddress() instanceof InetSocketAddress from)
                || from.getAddress() == null || !NetUtil.isValidIpV4Address(remote.host())
                        && !NetUtil.isValidIpV6Address(remote.host())) {
            return false;
        }
        byte[] advertised = NetUtil.createByteArrayFromIpAddressString(remote.host());
        if (advertised != null && java.util.Arrays.equals(advertised, from.getAddress().getAddress())) {
            return true;
        }
        if (advertised != null && mismatchesSaid.getIfPresent(remote.value()) == null) {
            mismatchesSaid.put(remote.value(), Boolean.TRUE);
            log.warn("{}: node {} advertises {} but connects from {}; it is served, but if the address it"
                    + " advertises is not where it can be reached, no node can answer it (check its --advertise)",
                    node.self().shortName(), LogText.of(remote.toString()), LogText.of(remote.host()),
                    from.getAddress().getHostAddress());
        }
        return false;
    }

    /**
     * Tries once, per life of a node that connected to us, the address it advertises, and tells it over its
     * own connection when that fails: a port its firewall closes, or a listen address that is not the one
     * advertised, leaves a node that can speak but never be answered, and only its peers can find out. The
     * attempt goes only to the host the node connects from (checked by the caller), so no member can point
     * nodes at a third party's machine, and at most {@link #REACH_TRIES_PER_SECOND} a second, so a flood of
     * new lives costs a bounded number of connections. The attempt's connection is closed once it answers.
     */
    private void tryReach(NodeId remote, Channel inbound) {
        if (reachTried.getIfPresent(remote.value()) != null || outboundOpenTo(remote.value())) {
            return;
        }
        reachTried.put(remote.value(), Boolean.TRUE);
        if (reachTries.take() < 0) {
            return;
        }
        PeerLink attempt = connect(remote.host(), remote.port());
        attempt.identified.whenComplete((answered, failure) -> {
            String problem = failure != null ? failure.getMessage()
                    : answered.value() != remote.value() ? "another node answers there" : null;
            if (failure == null) {
                attempt.channel.close();
            }
            if (problem != null && inbound.isActive()) {
                log.debug("{}: {} is not reachable where it says: {}", node.self().shortName(),
                        LogText.of(remote.toString()), LogText.of(problem));
                write(inbound, new ReachNotice(remote.host(), remote.port(), problem.length() > ReachNotice.MAX_REASON
                        ? problem.substring(0, ReachNotice.MAX_REASON) : problem));
            }
        });
    }

    /** Whether a connection this node opened to {@code id} is open: the node is reachable where it says. */
    private boolean outboundOpenTo(long id) {
        PeerLink l = byPeer.getIfPresent(id);
        return l != null && l.outbound && l.open;
    }

    /** Open sessions with the node {@code id}, either way. */
    int sessionsWith(long id) {
        int n = 0;
        for (Channel ch : channels) {
            Peer peer = ch.attr(SessionHandler.PEER).get();
            if (peer != null && peer.id().value() == id && ch.isActive()) {
                n++;
            }
        }
        return n;
    }

    /** Closes every connection with {@code peer}, either side's: the program presumes it dead. */
    void closeTo(NodeId peer) {
        for (Channel ch : channels) {
            Peer p = ch.attr(SessionHandler.PEER).get();
            PeerLink link = ch.attr(LINK).get();
            boolean theirs = p != null && p.id().value() == peer.value();
            boolean ours = link != null && link.remote != null && link.remote.value() == peer.value();
            if (theirs || ours) {
                log.debug("{}: closing the connection with {}, presumed dead", node.self().shortName(),
                        LogText.of(peer.toString()));
                ch.close();
            }
        }
        byPeer.invalidate(peer.value());
    }

    /** Ends every open session with a peer that {@code revocations} withdraw. */
    void closeRevoked(Revocations revocations) {
        for (Channel ch : channels) {
            Peer peer = ch.attr(SessionHandler.PEER).get();
            if (peer != null && peer.revokedBy(revocations)) {
                Revocations.IDENTITY_LOG.info("{}: closing the session with {}: revoked by the grid's authority",
                        node.self().shortName(),
                        LogText.of(peer.id().toString()));
                ch.attr(SessionHandler.REFUSAL).set("revoked by the grid's authority");
                ch.close();
            }
        }
    }

    /** Sends {@code m} on every open session with a node, but to {@code except}. */
    void toEveryNode(Message m, NodeId except) {
        for (Channel ch : channels) {
            Peer peer = ch.attr(SessionHandler.PEER).get();
            if (peer != null && peer.isNode() && peer.id().value() != except.value() && ch.isActive()) {
                write(ch, m);
            }
        }
    }

    private void write(Channel ch, Message m) {
        try {
            ch.writeAndFlush(encoder.encode(m), ch.voidPromise());
            sent.increment();
        } catch (MessageTooLargeException e) {
            refused(ch.attr(SessionHandler.PEER).get().id(), m, e.getMessage());
        }
    }

    @Override
    public void received(Peer remote, Message message) {
        node.arrived(remote.id(), remote.user(), message);
    }

    @Override
    public void closed(Channel channel, NodeId remote) {
        PeerLink link = channel.attr(LINK).get();
        if (link != null) {
            String refusal = channel.attr(SessionHandler.REFUSAL).get();
            failed(link, refusal != null ? "refused: " + refusal
                    : "connection closed" + (remote == null ? " during the handshake" : ""));
        }
    }

    private void failed(PeerLink link, String why) {
        boolean wasOpen = link.open;
        link.open = false;
        dropped.add(link.discardPending());
        if (link.remote != null) {
            byPeer.asMap().remove(link.remote.value(), link);
            if (link.outbound && !wasOpen) {
                Backoff prev = backoffs.getIfPresent(link.remote.value());
                long delay = prev == null ? config.backoffMinMillis()
                        : Math.min(config.backoffMaxMillis(), 2 * prev.delay());
                backoffs.put(link.remote.value(), new Backoff(System.currentTimeMillis() + delay, delay));
            }
        }
        if (!link.identified.isDone()) {
            link.identified.completeExceptionally(new ConnectException(why));
        }
    }

    /** Whether some connection is still in its handshake with messages waiting for it. */
    boolean anyPending() {
        for (PeerLink l : byPeer.asMap().values()) {
            if (!l.open && l.hasPending()) {
                return true;
            }
        }
        return false;
    }

    /** Writes out what is queued, then closes every connection. */
    void closeAll() {
        for (Channel ch : channels) {
            ch.flush();
        }
        channels.close();
        byPeer.invalidateAll();
    }

    WireBytes wireBytes() {
        return wireBytes;
    }

    long sent() {
        return sent.sum();
    }

    long dropped() {
        return dropped.sum();
    }

    int connections() {
        return channels.size();
    }

    /** Accepted connections still in their handshake. */
    int inHandshake() {
        return handshakes.inHandshake();
    }
}
