package io.cangrid.cli.dashboard;

import io.cangrid.cli.common.JsonOutput;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
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
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers one connection's requests, which {@link HeadCheck} has let through (the token is checked there,
 * before the body is read): the page's files from memory on the event loop, API calls on the worker pool,
 * since API answers wait on the grid, each answer in its request's turn ({@link InOrderResponses}).
 * Whatever a request holds, the worst it gets is an error status; nothing it sends reaches the node.
 */
final class DashboardHandler extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(DashboardHandler.class);

    private final DashboardAccess access;
    private final StaticAssets assets;
    private final ApiRoutes api;
    private final Executor workers;
    private final RequestDeadline deadline;
    private final InOrderResponses responses;

    DashboardHandler(DashboardAccess access, StaticAssets assets, ApiRoutes api, Executor workers,
            RequestDeadline deadline, InOrderResponses responses) {
        this.access = access;
        this.assets = assets;
        this.api = api;
        this.workers = workers;
        this.deadline = deadline;
        this.responses = responses;
    }

    /** The answer to a request beyond those that may wait on one connection, which it ends. */
    static FullHttpResponse tooManyPipelined(int max) {
        return framed(error(HttpResponseStatus.SERVICE_UNAVAILABLE, "more than " + max + " requests sent on one"
                + " connection before their answers: read the answers before sending more"), false);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Refusal r) {
            deadline.stop();
            InOrderResponses.Slot slot = responses.reserve(false);
            if (slot != null) {
                send(slot, error(r.status(), r.message()));
            }
        } else if (msg instanceof FullHttpRequest request) {
            deadline.stop();
            try {
                serve(ctx, request);
            } finally {
                request.release();
            }
        } else {
            // Nothing else comes out of the aggregator; whatever it is, it is not kept.
            log.debug("dashboard dropped a {} from {}", msg.getClass().getSimpleName(), ctx.channel().remoteAddress());
            ReferenceCountUtil.release(msg);
        }
    }

    private void serve(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (!request.decoderResult().isSuccess()) {
            InOrderResponses.Slot slot = responses.reserve(false);
            if (slot != null) {
                send(slot, error(HttpResponseStatus.BAD_REQUEST, "malformed request"));
            }
            return;
        }
        InOrderResponses.Slot slot = responses.reserve(HttpUtil.isKeepAlive(request));
        if (slot == null) {
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
            send(slot, error(HttpResponseStatus.BAD_REQUEST, "malformed URL: " + e.getMessage()));
            return;
        }
        if (!HttpMethod.GET.equals(request.method())) {
            FullHttpResponse r = error(HttpResponseStatus.METHOD_NOT_ALLOWED, request.method()
                    + " is not allowed: the dashboard only reads");
            r.headers().set(HttpHeaderNames.ALLOW, HttpMethod.GET.name());
            send(slot, r);
            return;
        }
        if (path.startsWith(ApiRoutes.PREFIX)) {
            api(slot, path.substring(ApiRoutes.PREFIX.length()), params);
            return;
        }
        StaticAssets.Asset asset = assets.get(path);
        if (asset == null) {
            send(slot, error(HttpResponseStatus.NOT_FOUND, "nothing at " + path));
            return;
        }
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.wrappedBuffer(asset.bytes()));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, asset.contentType());
        access.rememberIn(r, params, ((InetSocketAddress) ctx.channel().localAddress()).getPort());
        send(slot, r);
    }

    private void api(InOrderResponses.Slot slot, String name, Map<String, List<String>> params) {
        if (!ApiRoutes.knows(name)) {
            send(slot, error(HttpResponseStatus.NOT_FOUND, "no such API: " + ApiRoutes.PREFIX + name
                    + " (there are " + ApiRoutes.NAMES + ")"));
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
                send(slot, json(a));
            });
        } catch (RejectedExecutionException e) {
            send(slot, error(HttpResponseStatus.SERVICE_UNAVAILABLE, "the dashboard is busy: try again shortly"));
        }
    }

    /** A connection with no traffic for the idle timeout is closed, unless it waits for an answer of ours. */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            if (responses.isEmpty()) {
                log.debug("dashboard connection from {} closed: idle", ctx.channel().remoteAddress());
                ctx.close();
            }
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

    /** Hands {@code r} to its slot, from any thread; it goes out in its request's turn. */
    private static void send(InOrderResponses.Slot slot, FullHttpResponse r) {
        slot.answer(framed(r, slot.keepAlive()));
    }

    private static FullHttpResponse framed(FullHttpResponse r, boolean keepAlive) {
        r.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, r.content().readableBytes());
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        r.headers().set("X-Content-Type-Options", "nosniff");
        r.headers().set(HttpHeaderNames.CONNECTION, keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
        return r;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.debug("dashboard connection from {} closed: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
