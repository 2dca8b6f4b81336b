package io.cangrid.live;

import io.cangrid.overlay.LogText;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.wire.MessageCodec;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.ToLongFunction;

/**
 * Asks a node something and waits for its answer: what the operator's commands ({@code peers},
 * {@code nodes}) use. A client authenticates exactly like a node, with its own key (its id derives from
 * it) and without an address, so the node answers on the connection the question came on.
 */
public final class LiveClient implements AutoCloseable {

    private final NetConfig config;
    private final MessageCodec codec;
    private final MessageEncoder encoder;
    private final EventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("cangrid-client", true));
    private final SecureRandom random = new SecureRandom();
    private final NodeKey key;
    private final StaticAgreements agreements;
    /** The ticket every answer is taken to carry in a session of one question ({@link #ask}). */
    private static final long ONE_QUESTION = 0;
    private final SessionGuards guards;

    /** A client with a key of its own made for this run. */
    public LiveClient(NetConfig config) {
        this(config, NodeKey.generate());
    }

    /** A client proving {@code key}: its id derives from it, as a node's does. */
    public LiveClient(NetConfig config, NodeKey key) {
        this.config = config;
        this.key = key;
        this.agreements = new StaticAgreements(key);
        this.guards = new SessionGuards(new NonceLedger(), new RejectLog(true), null, new VerifiedTokens());
        this.codec = MessageCodec.discover(config.maxBodyBytes());
        this.encoder = new MessageEncoder(codec, config.maxFrameBytes());
    }

    /**
     * The answer of the node at {@code host:port} to {@code question}.
     *
     * @throws MessageTooLargeException when the question does not fit in a frame; nothing is sent
     * @throws CredentialException when this client's token does not allow the question; nothing is sent
     * @throws IOException when the node cannot be reached, refuses the connection or does not answer
     */
    public Message ask(String host, int port, Message question, Duration timeout) throws IOException {
        encodeChecked(question); // refused here, before any connection, when it cannot be sent
        long deadline = System.nanoTime() + timeout.toNanos();
        // A session of one question: whatever the node answers is the answer.
        try (ClientSession session = open(host, port, m -> ONE_QUESTION, timeout)) {
            long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
            return session.ask(question, ONE_QUESTION, Duration.ofMillis(left));
        }
    }

    /**
     * {@code question} encoded, once this client's token allows it. Checked before sending: the node would
     * refuse the frame and close, leaving the caller to wait.
     */
    EncodedMessage encodeChecked(Message question) throws IOException {
        if (config.admission() instanceof AdmissionToken t && !t.role().maySend(question)) {
            throw new CredentialException("a " + t.role().label() + " token does not allow "
                    + question.getClass().getSimpleName() + ": ask the grid's authority for a submit token"
                    + " (`cangrid grid token --role submit`)");
        }
        return encoder.encode(question);
    }

    /**
     * A session with the node at {@code host:port} for many questions (see {@link ClientSession}), open once
     * the handshake is done; {@code ticketOf} reads the ticket of an answer.
     *
     * @throws IOException when the node cannot be reached or refuses the connection within {@code timeout}
     */
    public ClientSession open(String host, int port, ToLongFunction<Message> ticketOf, Duration timeout)
            throws IOException {
        String where = host + ":" + port;
        ClientSession session = new ClientSession(this, where, ticketOf);
        CompletableFuture<Void> ready = new CompletableFuture<>();
        String[] refusal = new String[1];
        SessionEvents events = new SessionEvents() {
            @Override
            public void opened(Channel channel, NodeId remote) {
                session.opened(channel);
                ready.complete(null);
            }

            @Override
            public void received(Peer remote, Message message) {
                session.received(message);
            }

            @Override
            public void refused(String reason) {
                refusal[0] = reason;
            }

            @Override
            public void closed(Channel channel, NodeId remote) {
                IOException why = new IOException(where + (refusal[0] != null
                        ? " refused: " + LogText.of(refusal[0], RejectLog.MAX_REASON_CHARS)
                        : remote == null ? " closed the connection during the handshake (another grid secret,"
                                + " grid name or authority? see that node's log)"
                        : " closed the connection without answering (it refuses a revoked key or token, or a"
                                + " request the token's role does not allow, and closes sessions idle too long: see"
                                + " that node's log)"));
                session.closed(why);
                ready.completeExceptionally(why);
            }
        };
        ChannelFuture f = connect(host, port, timeout, events);
        f.addListener(done -> {
            if (!done.isSuccess()) {
                ready.completeExceptionally(new IOException("no answer from " + where + ": " + done.cause().getMessage()));
            }
        });
        try {
            ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return session;
        } catch (TimeoutException e) {
            f.channel().close();
            throw new IOException("no handshake with " + where + " within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            f.channel().close();
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.channel().close();
            throw new IOException("interrupted connecting to " + where);
        }
    }

    /**
     * Connects with the session handler for {@code events} and a hello of a life of its own: a node answers a
     * client by its id, so two sessions open at once (a dashboard's sampler beside a page's request) must not
     * share one, or an answer takes the wrong one.
     */
    private ChannelFuture connect(String host, int port, Duration timeout, SessionEvents events) {
        byte[] nonce = new byte[Hello.NONCE_BYTES];
        random.nextBytes(nonce);
        long life = random.nextLong();
        Hello mine = Hello.of(config.grid(), nonce, key, life, NodeId.of(NodeKey.nodeId(key.publicKey(), life)));
        Bootstrap b = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(timeout.toMillis(), config.connectMillis()))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        Pipelines.install(ch, true, config, codec,
                                new SessionHandler(true, config, codec, mine, agreements, events, guards), null);
                    }
                });
        return b.connect(host, port);
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
    }
}
