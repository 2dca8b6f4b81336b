package io.cangrid.live;

import io.cangrid.overlay.LogText;
import java.net.SocketAddress;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One warning line per refused connection, naming the remote address and the reason, at most
 * {@link #LINES_PER_SECOND} a second: someone hammering a node with garbage must not fill its disk. Lines
 * held back are counted and the count goes out with the next line that is written. A reason may quote
 * what the peer sent (a grid name, a decoding error, a TLS alert), so it is escaped and cut: a stranger
 * must not be able to write lines of their own into the log.
 */
final class RejectLog {

    static final int LINES_PER_SECOND = 10;
    /** Enough for the longest reason: one that quotes two grid names of 255 bytes. */
    static final int MAX_REASON_CHARS = 640;
    private static final Logger log = LoggerFactory.getLogger(RejectLog.class);

    private final LineBudget budget = new LineBudget(LINES_PER_SECOND);
    private final LongAdder rejected = new LongAdder();
    private final boolean quiet;

    RejectLog() {
        this(false);
    }

    /** @param quiet log at debug only: a client reports the refusal to its user itself, in one line */
    RejectLog(boolean quiet) {
        this.quiet = quiet;
    }

    /** Source hosts already told of in {@link #abandonedAfterProof}: one line per host, a bounded number. */
    private final java.util.Map<String, Boolean> abandoned = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, Boolean> eldest) {
                    return size() > 1024;
                }
            });

    /**
     * A peer that read this node's proof closed the connection: it holds another grid secret (or another
     * TLS trust). Logged once per source host, so that the operator of the node a stranger tried to join sees
     * why, without a line per attempt.
     */
    void abandonedAfterProof(SocketAddress remote) {
        String host = remote instanceof java.net.InetSocketAddress a ? a.getHostString() : String.valueOf(remote);
        if (quiet || abandoned.put(host, Boolean.TRUE) != null) {
            log.debug("connection from {} closed after this node's handshake proof", remote);
            return;
        }
        log.warn("connection from {} closed after this node's handshake proof: does {} hold another grid secret?"
                + " (said once per address)", remote, host);
    }

    void closed(SocketAddress remote, String reason) {
        rejected.increment();
        String text = LogText.of(reason, MAX_REASON_CHARS);
        if (quiet) {
            log.debug("closed connection from {}: {}", remote, text);
            return;
        }
        int held = budget.take();
        if (held >= 0) {
            log.warn("closed connection from {}: {}{}", remote, text, LineBudget.heldBack(held));
        }
    }

    long rejected() {
        return rejected.sum();
    }
}
