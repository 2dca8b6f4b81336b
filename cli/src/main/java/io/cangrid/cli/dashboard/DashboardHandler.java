package io.cangrid.cli.dashboard;

import io.cangrid.cli.JsonOutput;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.IdleStateEvent;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers one connection's HTTP requests: the token first ({@link DashboardAccess}), then the page's files
 * from memory on the event loop, or an API call on the worker pool, since API answers wait on the grid.
 * Whatever a request holds, the worst it gets is an error status; nothing it sends reaches the node. Not
 * shared: one per connection, with that connection's {@link RequestDeadline}.
 */
final class DashboardHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final Logger log = LoggerFactory.getLogger(DashboardHandler.class);

    private final DashboardAccess access;
    private final StaticAssets assets;
    private final ApiRoutes api;
    private final Executor workers;
    private final RequestDeadline deadline;

    DashboardHandler(DashboardAccess access, StaticAssets assets, ApiRoutes api, Executor workers,
            RequestDeadline deadline) {
        this.access = access;
        this.assets = assets;
        this.api = api;
        this.workers = workers;
        this.deadline = deadline;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        deadline.stop();
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (!request.decoderResult().isSuccess()) {
            send(ctx, error(HttpResponseStatus.BAD_REQUEST, "malformed request"), false);
            return;
        }
        String path;
        Map<String, List<String>> params;
        try {
            // Decoded here, not lazily later: a bad escape must be a 400, not an exception on a worker.
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            path = uri.path();
            params = uri.parameters();
        } catch (IllegalArgumentException e) {
            send(ctx, error(HttpResponseStatus.BAD_REQUEST, "malformed URL: " + e.getMessage()), keepAlive);
            return;
        }
        int port = ((InetSocketAddress) ctx.channel().localAddress()).getPort();
        if (!access.allows(request, params, port)) {
            send(ctx, error(HttpResponseStatus.UNAUTHORIZED, "a token is needed: open the URL the node logged"
                    + " (/?token=...), or send 'Authorization: Bearer TOKEN'"), keepAlive);
            return;
        }
        if (!HttpMethod.GET.equals(request.method())) {
            FullHttpResponse r = error(HttpResponseStatus.METHOD_NOT_ALLOWED, request.method()
                    + " is not allowed: the dashboard only reads");
            r.headers().set(HttpHeaderNames.ALLOW, HttpMethod.GET.name());
            send(ctx, r, keepAlive);
            return;
        }
        if (path.startsWith(ApiRoutes.PREFIX)) {
            api(ctx, path.substring(ApiRoutes.PREFIX.length()), params, keepAlive);
            return;
        }
        StaticAssets.Asset asset = assets.get(path);
        if (asset == null) {
            send(ctx, error(HttpResponseStatus.NOT_FOUND, "nothing at " + path), keepAlive);
            return;
        }
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.wrappedBuffer(asset.bytes()));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, asset.contentType());
        access.rememberIn(r, params, port);
        send(ctx, r, keepAlive);
    }

    private void api(ChannelHandlerContext ctx, String name, Map<String, List<String>> params, boolean keepAlive) {
        if (!ApiRoutes.knows(name)) {
            send(ctx, error(HttpResponseStatus.NOT_FOUND, "no such API: " + ApiRoutes.PREFIX + name
                    + " (there are " + ApiRoutes.NAMES + ")"), keepAlive);
            return;
        }
        try {
            workers.execute(() -> {
                ApiRoutes.Answer a;
                try {
                    a = api.answer(name, params);
                } catch (RuntimeException e) {
                    log.warn("dashboard API {} failed", name, e);
                    a = ApiRoutes.Answer.error(HttpResponseStatus.INTERNAL_SERVER_ERROR, String.valueOf(e.getMessage()));
                }
                send(ctx, json(a), keepAlive);
            });
        } catch (RejectedExecutionException e) {
            send(ctx, error(HttpResponseStatus.SERVICE_UNAVAILABLE, "the dashboard is busy: try again shortly"),
                    keepAlive);
        }
    }

    /** A connection with no traffic for the idle timeout is closed. */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            log.debug("dashboard connection from {} closed: idle", ctx.channel().remoteAddress());
            ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    private static FullHttpResponse error(HttpResponseStatus status, String message) {
        return json(ApiRoutes.Answer.error(status, message));
    }

    private static FullHttpResponse json(ApiRoutes.Answer answer) {
        byte[] body = JsonOutput.toJson(answer.body(), false).getBytes(StandardCharsets.UTF_8);
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, answer.status(),
                Unpooled.wrappedBuffer(body));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json; charset=utf-8");
        return r;
    }

    /** Writes {@code r}; Netty's write is safe from any thread, so workers answer directly. */
    private static void send(ChannelHandlerContext ctx, FullHttpResponse r, boolean keepAlive) {
        r.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, r.content().readableBytes());
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        r.headers().set("X-Content-Type-Options", "nosniff");
        if (keepAlive) {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(r);
        } else {
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.debug("dashboard connection from {} closed: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
