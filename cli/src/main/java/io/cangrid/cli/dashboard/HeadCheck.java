package io.cangrid.cli.dashboard;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;

/**
 * Judges each request from its line and headers, before any of its body is read, standing between
 * Netty's HTTP codec and the aggregator that would buffer the body. A request without the token, one the
 * codec could not parse, one with a malformed URL, or one announcing a body larger than its method may
 * have, becomes a {@link Refusal}: the connection stops reading ({@link InOrderResponses}) and ends once that
 * is answered, and whatever of it was read already is dropped here. So whoever lacks the token can make the
 * dashboard hold a request head (bounded by the codec), never a body.
 * Not shared: one per connection, for the refusal it remembers.
 */
final class HeadCheck extends ChannelInboundHandlerAdapter {

    /** A GET has no use for a body; a few bytes are let by, as some clients send a stray one. */
    static final int MAX_GET_BODY_BYTES = 1024;

    private final DashboardAccess access;
    private final int maxBodyBytes;
    private boolean refused;

    /** @param maxBodyBytes the most any other method's body may announce (the aggregator's limit) */
    HeadCheck(DashboardAccess access, int maxBodyBytes) {
        this.access = access;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            // The refused request's body, or requests after it: nobody answers them, so nobody keeps them.
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest head) {
            Refusal r = judge(ctx, head);
            if (r != null) {
                refused = true;
                ReferenceCountUtil.release(msg);
                ctx.fireChannelRead(r);
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }

    /** Why {@code head} is refused, or null when it may go on. */
    private Refusal judge(ChannelHandlerContext ctx, HttpRequest head) {
        if (!head.decoderResult().isSuccess()) {
            return new Refusal(HttpResponseStatus.BAD_REQUEST, "malformed request");
        }
        Map<String, List<String>> params;
        try {
            params = new QueryStringDecoder(head.uri()).parameters();
        } catch (IllegalArgumentException e) {
            return new Refusal(HttpResponseStatus.BAD_REQUEST, "malformed URL: " + e.getMessage());
        }
        int port = ((InetSocketAddress) ctx.channel().localAddress()).getPort();
        if (!access.allows(head, params, port)) {
            return new Refusal(HttpResponseStatus.UNAUTHORIZED, "a token is needed: open the URL the node logged"
                    + " (/?token=...), or send 'Authorization: Bearer TOKEN'");
        }
        long limit = HttpMethod.GET.equals(head.method()) ? MAX_GET_BODY_BYTES : maxBodyBytes;
        if (HttpUtil.isTransferEncodingChunked(head)) {
            // Its length shows only as it comes; refused here, it never reaches the aggregator's own limit,
            // whose answer would not wait for earlier requests' answers.
            return new Refusal(HttpResponseStatus.LENGTH_REQUIRED, head.method() + " with a chunked body: the"
                    + " dashboard reads a body only with a Content-Length, of at most " + limit + " bytes");
        }
        long announced;
        try {
            announced = HttpUtil.getContentLength(head, 0L);
        } catch (NumberFormatException e) {
            return new Refusal(HttpResponseStatus.BAD_REQUEST, "malformed Content-Length: " + e.getMessage());
        }
        if (announced > limit) {
            return new Refusal(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, head.method() + " with a body of "
                    + announced + " bytes: the dashboard reads at most " + limit + " for a " + head.method()
                    + "; send it without one");
        }
        return null;
    }
}
