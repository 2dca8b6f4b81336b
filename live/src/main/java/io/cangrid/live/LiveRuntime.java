package io.cangrid.live;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.wire.MessageCodec;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;

/**
 * Hosts live nodes in one JVM: one event loop group that every node shares (each node is pinned to one
 * of its loops), one codec, one grid configuration. A process running {@code cangrid node} has one
 * runtime with one node; tests and benchmarks put dozens of nodes on one runtime.
 */
public final class LiveRuntime implements AutoCloseable {

    private final NetConfig config;
    private final MessageCodec codec;
    private final MessageEncoder encoder;
    private final EventLoopGroup group;
    private final RejectLog rejects = new RejectLog();
    private final NonceLedger nonces = new NonceLedger();
    private final VerifiedTokens tokens = new VerifiedTokens();
    private final SecureRandom secureRandom = new SecureRandom();

    public LiveRuntime(NetConfig config, int threads) {
        this.config = config;
        this.codec = MessageCodec.discover(config.maxBodyBytes());
        this.encoder = new MessageEncoder(codec, config.maxFrameBytes());
        this.group = Transport.group(threads, new DefaultThreadFactory("cangrid-net", true));
    }

    /** What a failed bind says, in the words of the remedy: epoll and NIO word the same errors differently. */
    static String bindProblem(Throwable cause) {
        String said = cause instanceof java.io.IOException ? String.valueOf(cause.getMessage()) : String.valueOf(cause);
        if (said.contains("Cannot assign requested address")) {
            return "this machine has no such address (give one of its own, or 0.0.0.0 with --advertise)";
        }
        if (said.contains("Address already in use")) {
            return "the port is in use (another node or program listens there; give another port, or 0 for any)";
        }
        if (said.contains("Permission denied")) {
            return "ports below 1024 need privileges this process lacks (give a port of 1024 or more)";
        }
        return said;
    }

    /** One line for a node's log: the transport its connections use. */
    public static String transport() {
        return Transport.describe();
    }

    /** Binds a node with a key of its own made for it: see {@link #bind(InetSocketAddress, String, int, NodeKey)}. */
    public LiveNode bind(InetSocketAddress listen, String advertiseHost, int advertisePort) {
        return bind(listen, advertiseHost, advertisePort, NodeKey.generate());
    }

    /**
     * Binds a node holding {@code key} to {@code listen} (port 0 picks a free port). It is reached at
     * {@code advertiseHost} (null: the listen host) and {@code advertisePort} (0: the bound port). Its id
     * derives from its key and a random life (incarnation): a node restarted with the same key is a new node
     * to its peers.
     *
     * @throws UncheckedIOException naming the address when it cannot be bound
     */
    public LiveNode bind(InetSocketAddress listen, String advertiseHost, int advertisePort, NodeKey key) {
        String host = advertiseHost != null ? advertiseHost : listen.getHostString();
        if (advertiseHost == null && listen.getAddress() != null && listen.getAddress().isAnyLocalAddress()) {
            throw new IllegalArgumentException("listening on " + listen.getHostString()
                    + " needs an address peers can reach (--advertise HOST:PORT)");
        }
        EventLoop loop = group.next();
        // The node exists before its socket so that accepted connections find it; its id needs the port.
        LiveNode[] holder = new LiveNode[1];
        ServerBootstrap sb = Transport.abortUnacknowledgedAccepted(new ServerBootstrap())
                .group(loop, loop)
                .channel(Transport.serverChannel())
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        LiveNode node = holder[0];
                        if (node == null) {
                            ch.close(); // accepted in the instant between bind and the node's creation
                            return;
                        }
                        if (!node.links().accepted(ch)) {
                            return; // closed: too many connections are in their handshake
                        }
                        Pipelines.install(ch, false, config, codec, node.newSession(false, node.links()),
                                node.links().wireBytes());
                    }
                });
        ChannelFuture bound = sb.bind(listen).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            Throwable cause = bound.cause();
            String why = bindProblem(cause);
            throw new UncheckedIOException("cannot listen on " + listen.getHostString() + ":" + listen.getPort()
                    + ": " + why, new java.io.IOException(why, cause));
        }
        int port = advertisePort > 0 ? advertisePort : ((InetSocketAddress) bound.channel().localAddress()).getPort();
        long incarnation = secureRandom.nextLong();
        NodeId id = new NodeId(NodeKey.nodeId(key.publicKey(), incarnation), host, port);
        LiveNode node = new LiveNode(this, loop, id, key, incarnation, secureRandom);
        node.listenOn(bound.channel());
        holder[0] = node;
        return node;
    }

    /** The address a node's socket is bound to (with the real port when it asked for port 0). */
    public static InetSocketAddress boundAddress(LiveNode node) {
        return new InetSocketAddress(node.self().host(), node.self().port());
    }

    SessionHandler newSession(boolean initiator, LiveNode self, SessionEvents events) {
        byte[] nonce = new byte[Hello.NONCE_BYTES];
        secureRandom.nextBytes(nonce);
        Hello mine = Hello.of(config.grid(), nonce, self.key(), self.incarnation(), self.self());
        return new SessionHandler(initiator, config, codec, mine, self.agreements(), events,
                new SessionGuards(nonces, rejects, self.revocations(), tokens));
    }

    public NetConfig config() {
        return config;
    }

    public MessageCodec codec() {
        return codec;
    }

    MessageEncoder encoder() {
        return encoder;
    }

    RejectLog rejects() {
        return rejects;
    }

    /** Connections refused by any node of this runtime so far. */
    public long rejectedConnections() {
        return rejects.rejected();
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
