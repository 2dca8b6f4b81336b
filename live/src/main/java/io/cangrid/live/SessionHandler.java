package io.cangrid.live;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.wire.MessageCodec;
import io.cangrid.overlay.wire.WireFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection's handshake and, after it, its authenticated frames. The initiator sends its hello; the
 * responder answers with its hello and its proof; the initiator checks that proof and sends its own. A
 * proof is the side's credential (a MAC under the grid secret, or its admission token) and a MAC over both
 * hellos under the secret its key (from which its id derives) and the peer's agree. No message is decoded before both proofs check out.
 * Then messages, encoded by their sender (which checks that they fit in a frame), are sealed and opened
 * here and handed to {@link SessionEvents} as coming from the peer's proven id, if the peer's role allows
 * them; anything wrong closes the connection with one log line.
 */
final class SessionHandler extends ChannelDuplexHandler {

    private static final Logger log = LoggerFactory.getLogger(SessionHandler.class);

    /** Why this side refused a connection, for whoever learns only that it closed. */
    static final io.netty.util.AttributeKey<String> REFUSAL = io.netty.util.AttributeKey.valueOf("cangrid.refusal");
    /** Who the peer is, once authenticated. */
    static final io.netty.util.AttributeKey<Peer> PEER = io.netty.util.AttributeKey.valueOf("cangrid.peer");

    private enum Stage { AWAIT_HELLO, AWAIT_PROOF, OPEN, CLOSED }

    private final boolean initiator;
    private final NetConfig config;
    private final MessageCodec codec;
    private final Hello mine;
    private final byte[] mineBytes;
    private final StaticAgreements agreements;
    private final SessionEvents events;
    private final SessionGuards guards;
    private Stage stage = Stage.AWAIT_HELLO;
    private byte[] theirsBytes;
    private Hello theirs;
    private Peer peer;
    private FrameSeal out;
    private FrameSeal in;
    private ScheduledFuture<?> deadline;

    SessionHandler(boolean initiator, NetConfig config, MessageCodec codec, Hello mine, StaticAgreements agreements,
            SessionEvents events, SessionGuards guards) {
        this.initiator = initiator;
        this.config = config;
        this.codec = codec;
        this.mine = mine;
        this.mineBytes = mine.encode();
        this.agreements = agreements;
        this.events = events;
        this.guards = guards;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        deadline = ctx.executor().schedule(() -> reject(ctx, "no complete handshake within "
                + config.handshakeMillis() + " ms"), config.handshakeMillis(), TimeUnit.MILLISECONDS);
        if (initiator) {
            ctx.writeAndFlush(ctx.alloc().buffer(mineBytes.length).writeBytes(mineBytes));
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        try {
            if (stage == Stage.OPEN) {
                Message m = codec.decode(in.open(frame));
                if (!peer.role().maySend(m)) {
                    throw new ConnectionRejected("a " + peer.role().label() + " token does not allow sending "
                            + m.getClass().getSimpleName() + " to a node");
                }
                events.received(peer, m);
            } else if (stage == Stage.AWAIT_HELLO) {
                onHello(ctx, ByteBufUtil.getBytes(frame));
            } else if (stage == Stage.AWAIT_PROOF) {
                onProof(ctx, ByteBufUtil.getBytes(frame));
            }
        } catch (ConnectionRejected e) {
            reject(ctx, e.getMessage());
        } catch (WireFormatException e) {
            reject(ctx, "undecodable message: " + e.getMessage());
        } finally {
            ReferenceCountUtil.release(frame);
        }
    }

    private void onHello(ChannelHandlerContext ctx, byte[] bytes) throws ConnectionRejected {
        Hello h = Hello.decode(bytes);
        if (!h.grid().equals(mine.grid())) {
            throw new ConnectionRejected("grid '" + h.grid() + "', this node is in grid '" + mine.grid() + "'");
        }
        if (java.util.Arrays.equals(h.key(), mine.key()) && h.incarnation() == mine.incarnation()) {
            throw new ConnectionRejected("peer claims this node's own key and life");
        }
        if (!guards.nonces().firstSight(h.nonce())) {
            throw new ConnectionRejected("handshake nonce seen before (replayed handshake)");
        }
        theirs = h;
        theirsBytes = bytes;
        stage = Stage.AWAIT_PROOF;
        if (!initiator) {
            ctx.write(ctx.alloc().buffer(mineBytes.length).writeBytes(mineBytes));
            byte[] proof = ownProof(agreements.with(h.key()), theirsBytes, mineBytes);
            ctx.writeAndFlush(ctx.alloc().buffer(proof.length).writeBytes(proof));
        }
    }

    private byte[] ownProof(byte[] agreed, byte[] initiatorHello, byte[] responderHello) {
        Admission admission = config.admission();
        byte[] credential = admission instanceof GridSecret secret
                ? SessionKeys.secretProof(secret, initiator, initiatorHello, responderHello)
                : ((AdmissionToken) admission).encode();
        byte[] keyProof = SessionKeys.keyProof(agreed, initiator, initiatorHello, responderHello, credential);
        return new HandshakeProof(admission.kind(), credential, keyProof).encode();
    }

    private void onProof(ChannelHandlerContext ctx, byte[] bytes) throws ConnectionRejected {
        byte[] initiatorHello = initiator ? mineBytes : theirsBytes;
        byte[] responderHello = initiator ? theirsBytes : mineBytes;
        HandshakeProof proof = HandshakeProof.decode(bytes);
        Role role = checkCredential(proof, initiatorHello, responderHello);
        byte[] agreed = agreements.with(theirs.key());
        if (!SessionKeys.matches(SessionKeys.keyProof(agreed, !initiator, initiatorHello, responderHello,
                proof.credential()), proof.keyProof())) {
            throw new ConnectionRejected("handshake proof does not match the peer's key " + NodeKey.text(theirs.key())
                    + " (it does not hold it)");
        }
        NodeId id = theirs.node();
        if (id.hasAddress() && role != Role.NODE) {
            throw new ConnectionRejected("a " + role.label() + " token cannot join the grid as a node");
        }
        if (initiator && role != Role.NODE) {
            throw new ConnectionRejected("the peer listening here presented a " + role.label() + " token, not a node's");
        }
        AdmissionToken token = config.admission() instanceof AdmissionToken ? tokenOf(proof) : null;
        Peer p = new Peer(id, theirs.key(), role, token == null ? null : token.id(),
                token == null ? null : token.userOrNull());
        if (guards.revocations() != null && p.revokedBy(guards.revocations())) {
            throw new ConnectionRejected("revoked by the grid's authority: " + NodeKey.text(theirs.key()) + " ("
                    + id.shortName() + ")");
        }
        if (initiator) {
            byte[] own = ownProof(agreed, initiatorHello, responderHello);
            ctx.writeAndFlush(ctx.alloc().buffer(own.length).writeBytes(own));
        }
        Hello first = initiator ? mine : theirs;
        Hello second = initiator ? theirs : mine;
        out = new FrameSeal(SessionKeys.frameKey(config.admission(), agreed, first, second, initiator));
        in = new FrameSeal(SessionKeys.frameKey(config.admission(), agreed, first, second, !initiator));
        peer = p;
        ctx.channel().attr(PEER).set(p);
        stage = Stage.OPEN;
        ctx.pipeline().get(BoundedFrameDecoder.class).open();
        deadline.cancel(false);
        events.opened(ctx.channel(), id);
    }

    /** Checks the peer's credential against this side's; returns the role it grants. */
    private Role checkCredential(HandshakeProof proof, byte[] initiatorHello, byte[] responderHello)
            throws ConnectionRejected {
        Admission admission = config.admission();
        if (proof.kind() != admission.kind()) {
            throw new ConnectionRejected(proof.kind() == GridSecret.KIND
                    ? "peer is admitted by a shared grid secret, this side by an admission token"
                    : proof.kind() == AdmissionToken.KIND
                            ? "peer presents an admission token, this side uses a shared grid secret"
                            : "unknown credential kind " + proof.kind());
        }
        if (admission instanceof GridSecret secret) {
            byte[] expected = SessionKeys.secretProof(secret, !initiator, initiatorHello, responderHello);
            if (!SessionKeys.matches(expected, proof.credential())) {
                throw new ConnectionRejected("handshake proof does not match (wrong grid secret?)");
            }
            return Role.NODE;
        }
        AdmissionToken own = (AdmissionToken) admission;
        AdmissionToken theirToken = tokenOf(proof);
        try {
            theirToken.check(own.grid(), own.authority(), java.time.Instant.now(), theirs.key());
        } catch (CredentialException e) {
            throw new ConnectionRejected(e.getMessage());
        }
        return theirToken.role();
    }

    private AdmissionToken tokenOf(HandshakeProof proof) throws ConnectionRejected {
        try {
            return guards.tokens().decode(proof.credential());
        } catch (CredentialException e) {
            throw new ConnectionRejected(e.getMessage());
        }
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof EncodedMessage m) {
            if (stage != Stage.OPEN) {
                promise.setFailure(new IllegalStateException("connection not open"));
                return;
            }
            ctx.write(out.seal(ctx.alloc(), m.body()), promise);
        } else if (msg instanceof Message m) {
            // Only the sender can tell its caller that a message is too large, so it encodes it itself.
            promise.setFailure(new IllegalArgumentException(m.getClass().getSimpleName() + " written unencoded:"
                    + " encode it with MessageEncoder, which checks that it fits in a frame"));
        } else {
            ctx.write(msg, promise);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            log.debug("closing idle connection to {}", ctx.channel().remoteAddress());
            stage = Stage.CLOSED;
            ctx.close();
        } else if (evt instanceof BoundedFrameDecoder.Truncated t) {
            reject(ctx, "connection ended inside a frame (" + t.bytes() + " byte(s) of a truncated frame)");
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Throwable c = cause instanceof io.netty.handler.codec.DecoderException && cause.getCause() != null
                ? cause.getCause() : cause;
        if (c instanceof TooLongFrameException) {
            reject(ctx, "oversized frame: " + c.getMessage());
        } else if (c instanceof IOException) {
            log.debug("connection to {} failed: {}", ctx.channel().remoteAddress(), c.toString());
            ctx.close();
        } else if (c instanceof javax.net.ssl.SSLException) {
            reject(ctx, "TLS failure: " + c.getMessage());
        } else {
            log.debug("connection to {} failed", ctx.channel().remoteAddress(), c);
            reject(ctx, "internal error on connection: " + c);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (deadline != null) {
            deadline.cancel(false);
        }
        boolean wasOpen = stage == Stage.OPEN;
        if (!initiator && stage == Stage.AWAIT_PROOF) {
            // The peer read this node's proof and hung up: it did not accept it, most likely another secret.
            guards.rejects().abandonedAfterProof(ctx.channel().remoteAddress());
        }
        stage = Stage.CLOSED;
        events.closed(ctx.channel(), wasOpen ? peer.id() : null);
        ctx.fireChannelInactive();
    }

    private void reject(ChannelHandlerContext ctx, String reason) {
        if (stage == Stage.CLOSED) {
            return;
        }
        stage = Stage.CLOSED;
        guards.rejects().closed(ctx.channel().remoteAddress(), reason);
        ctx.channel().attr(REFUSAL).set(reason);
        events.refused(reason);
        ctx.close();
    }
}
