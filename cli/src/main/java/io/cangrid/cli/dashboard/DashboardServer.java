package io.cangrid.cli.dashboard;

import io.cangrid.cli.common.HostPort;
import io.cangrid.live.NetConfig;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's web dashboard: Netty's HTTP codec on an event loop of its own (so that a slow browser never
 * holds up the node's loop), a small pool that answers API calls by asking the node like a client, and a
 * sampler that walks the grid every period for the chart of jobs waiting and running.
 *
 * <p>It shares the node's process, and so its file descriptors: what a client may hold of it is bounded
 * ({@link DashboardLimits}). Connections are capped ({@link ConnectionCap}), idle ones closed (Netty's
 * {@code IdleStateHandler}), slow requests cut off ({@link RequestDeadline}), the token checked before any
 * body is read ({@link HeadCheck}), and pipelined requests answered in order, a bounded number at a time
 * ({@link InOrderResponses}). Each connection's pipeline, from the socket in: idle timer, request deadline,
 * HTTP codec, head check, aggregator (of the bodies of requests that passed), handler.
 */
public final class DashboardServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DashboardServer.class);

    /** How often the grid is walked for the chart: 720 samples make its hour. */
    public static final long DEFAULT_SAMPLE_MILLIS = 5_000;
    /** Requests are small (GETs); a body announced larger is refused from the head with 413. */
    static final int MAX_REQUEST_BYTES = 64 * 1024;
    static final int API_THREADS = 2;
    /** API calls waiting for a worker beyond this are answered 503 at once rather than queued without end. */
    static final int API_QUEUE = 64;

    private final EventLoopGroup loop = new NioEventLoopGroup(1, new DefaultThreadFactory("cangrid-dashboard", true));
    private final ThreadPoolExecutor workers = new ThreadPoolExecutor(API_THREADS, API_THREADS, 0, TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(API_QUEUE), new DefaultThreadFactory("cangrid-dashboard-api", true));
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(
            new DefaultThreadFactory("cangrid-dashboard-sampler", true));
    private final ApiRoutes api;
    private final DashboardToken token;
    private final DashboardLimits limits;
    private final ConnectionCap cap;
    private Channel channel;

    private DashboardServer(ApiRoutes api, DashboardToken token, DashboardLimits limits) {
        this.api = api;
        this.token = token;
        this.limits = limits;
        this.cap = new ConnectionCap(limits.maxConnections(), limits.idleMillis());
    }

    /**
     * Serves the dashboard of the node at {@code node} on {@code bind} (port 0: any free port).
     *
     * @param net the grid's settings and secret: the dashboard asks the node as an authenticated client
     * @throws UncheckedIOException when the address cannot be bound
     */
    public static DashboardServer start(HostPort bind, NetConfig net, HostPort node, long sampleMillis) {
        return start(bind, net, node, sampleMillis, DashboardLimits.DEFAULTS);
    }

    /** As {@link #start(HostPort, NetConfig, HostPort, long)}, within {@code limits} rather than the defaults. */
    public static DashboardServer start(HostPort bind, NetConfig net, HostPort node, long sampleMillis,
            DashboardLimits limits) {
        LoadHistory history = new LoadHistory(sampleMillis);
        DashboardToken token = DashboardToken.of(net.admission());
        DashboardServer s = new DashboardServer(new ApiRoutes(net, node, history), token, limits);
        try {
            s.bind(bind, history, sampleMillis);
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
        return s;
    }

    private void bind(HostPort bind, LoadHistory history, long sampleMillis) {
        DashboardAccess access = new DashboardAccess(token);
        StaticAssets assets = StaticAssets.load();
        int pipelined = limits.maxPipelined();
        ServerBootstrap b = new ServerBootstrap().group(loop).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (!cap.admit(ch)) {
                            return;
                        }
                        RequestDeadline deadline = new RequestDeadline(limits.requestMillis());
                        InOrderResponses responses = new InOrderResponses(ch, pipelined,
                                () -> DashboardHandler.tooManyPipelined(pipelined));
                        ch.pipeline().addLast(
                                new IdleStateHandler(0, 0, limits.idleMillis(), TimeUnit.MILLISECONDS),
                                deadline,
                                new HttpServerCodec(),
                                new HeadCheck(access, MAX_REQUEST_BYTES),
                                new HttpObjectAggregator(MAX_REQUEST_BYTES),
                                new DashboardHandler(access, assets, api, workers, deadline, responses));
                    }
                });
        try {
            channel = b.bind(new InetSocketAddress(bind.host(), bind.port())).syncUninterruptibly().channel();
        } catch (Exception e) {
            // Netty rethrows the bind's IOException unchecked and undeclared.
            throw new UncheckedIOException("cannot serve the dashboard on " + bind + ": " + e.getMessage(),
                    e instanceof BindException be ? be : new BindException(e.toString()));
        }
        sampler.scheduleWithFixedDelay(() -> sample(history), 0, sampleMillis, TimeUnit.MILLISECONDS);
    }

    private void sample(LoadHistory history) {
        try {
            history.add(api.sample(System.currentTimeMillis()));
        } catch (RuntimeException e) {
            // A walk that fails (the node is leaving, a neighbour is gone) leaves a gap in the chart, no more.
            log.debug("dashboard sample skipped: {}", e.toString());
        }
    }

    /** Where the dashboard listens. */
    public InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    /** Connections refused since the start because the most allowed were open. */
    public long refusedConnections() {
        return cap.refused();
    }

    /** The page's URL, token included: what an operator opens. */
    public String url() {
        InetSocketAddress a = address();
        return token.url(a.getHostString(), a.getPort());
    }

    @Override
    public void close() {
        if (channel != null) {
            channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
        sampler.shutdownNow();
        workers.shutdownNow();
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
        api.close();
    }
}
