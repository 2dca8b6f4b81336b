package io.cangrid.overlay.net;

import java.net.SocketAddress;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One warning line per refused connection, naming the remote address and the reason, at most
 * {@link #LINES_PER_SECOND} a second: someone hammering a node with garbage must not fill its disk. Lines
 * held back are counted and the count goes out with the next line that is written.
 */
final class RejectLog {

    static final int LINES_PER_SECOND = 10;
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

    void closed(SocketAddress remote, String reason) {
        rejected.increment();
        if (quiet) {
            log.debug("closed connection from {}: {}", remote, reason);
            return;
        }
        int held = budget.take();
        if (held >= 0) {
            log.warn("closed connection from {}: {}{}", remote, reason, LineBudget.heldBack(held));
        }
    }

    long rejected() {
        return rejected.sum();
    }
}
