package io.cangrid.live;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * At most so many log lines a second from one source: what a remote party can trigger at will must not
 * fill a node's disk. Lines held back are counted, and the count goes out with the next line written.
 * Thread-safe.
 */
final class LineBudget {

    private final int perSecond;
    private final AtomicLong windowStart = new AtomicLong();
    private final AtomicInteger inWindow = new AtomicInteger();
    private final AtomicInteger suppressed = new AtomicInteger();

    LineBudget(int perSecond) {
        this.perSecond = perSecond;
    }

    /**
     * Takes one line from this second's budget: -1 when the line must be held back, otherwise how many
     * lines were held back since the last one written (to say so in this one).
     */
    int take() {
        long second = System.nanoTime() / 1_000_000_000L;
        long start = windowStart.get();
        if (start != second && windowStart.compareAndSet(start, second)) {
            inWindow.set(0);
        }
        if (inWindow.incrementAndGet() > perSecond) {
            suppressed.incrementAndGet();
            return -1;
        }
        return suppressed.getAndSet(0);
    }

    /** The note a line ends with when others were held back before it. */
    static String heldBack(int held) {
        return held > 0 ? " (" + held + " similar line(s) suppressed)" : "";
    }
}
