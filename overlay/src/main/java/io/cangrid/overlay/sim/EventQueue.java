package io.cangrid.overlay.sim;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * The simulation's single event queue: a timing wheel of one-millisecond slots over the next
 * {@link #HORIZON} milliseconds, with events further ahead waiting in an overflow heap until the wheel
 * reaches them. An event is three values in parallel arrays (target node, sender, payload), so queueing a
 * message allocates no object of its own. Events of one millisecond come out in the order they went in, which, with
 * one seed for all randomness, makes every run repeatable.
 *
 * <p>Memory follows what is pending, not the busiest moment: a slot holds a bucket only while it has
 * events, and a bucket's arrays are at most twice its events (or the small initial size). A drained slot
 * gives its bucket back to the collector, so a burst of messages in one millisecond is not paid for again
 * in every later turn of the wheel; the cost is regrowing a busy slot's arrays, a few copies per event.
 */
final class EventQueue {

    static final int HORIZON = 1 << 16;
    private static final int MASK = HORIZON - 1;

    /** One slot's events while it has any. */
    private static final class Bucket {
        static final int INITIAL_CAPACITY = 4;

        int count;
        int[] targets = new int[INITIAL_CAPACITY];
        int[] senders = new int[INITIAL_CAPACITY];
        Object[] payloads = new Object[INITIAL_CAPACITY];

        void add(int target, int sender, Object payload) {
            if (count == targets.length) {
                int cap = count * 2;
                targets = Arrays.copyOf(targets, cap);
                senders = Arrays.copyOf(senders, cap);
                payloads = Arrays.copyOf(payloads, cap);
            }
            targets[count] = target;
            senders[count] = sender;
            payloads[count] = payload;
            count++;
        }
    }

    private record Far(long time, long seq, int target, int sender, Object payload) implements Comparable<Far> {
        @Override
        public int compareTo(Far o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final Bucket[] wheel = new Bucket[HORIZON];
    private final PriorityQueue<Far> overflow = new PriorityQueue<>();
    private long farSeq;
    private long now;
    private long inWheel;
    private int cursor;

    long now() {
        return now;
    }

    long size() {
        return inWheel + overflow.size();
    }

    void add(long time, int target, int sender, Object payload) {
        if (time < now) {
            throw new IllegalArgumentException("cannot schedule at " + time + " ms, before now (" + now + " ms)");
        }
        if (time - now < HORIZON) {
            addToWheel(time, target, sender, payload);
        } else {
            overflow.add(new Far(time, farSeq++, target, sender, payload));
        }
    }

    /** The events of the current millisecond, consumed in order by {@link #hasCurrent()} and friends. */
    boolean hasCurrent() {
        Bucket b = wheel[(int) (now & MASK)];
        return b != null && cursor < b.count;
    }

    int currentTarget() {
        return wheel[(int) (now & MASK)].targets[cursor];
    }

    int currentSender() {
        return wheel[(int) (now & MASK)].senders[cursor];
    }

    /** Takes the current event's payload and moves past it. */
    Object takeCurrent() {
        Bucket b = wheel[(int) (now & MASK)];
        Object p = b.payloads[cursor];
        b.payloads[cursor] = null;
        cursor++;
        inWheel--;
        return p;
    }

    /**
     * Moves to the next millisecond that has events, as long as it is not after {@code limit}; returns
     * false (leaving the clock at the last processed millisecond) when there is none that early.
     */
    boolean advance(long limit) {
        wheel[(int) (now & MASK)] = null;
        cursor = 0;
        while (true) {
            long next;
            if (inWheel == 0) {
                if (overflow.isEmpty()) {
                    return false;
                }
                next = overflow.peek().time();
            } else {
                next = now + 1;
                while (true) {
                    Bucket b = wheel[(int) (next & MASK)];
                    if (b != null && b.count > 0) {
                        break;
                    }
                    next++;
                }
                if (!overflow.isEmpty() && overflow.peek().time() < next) {
                    next = overflow.peek().time();
                }
            }
            if (next > limit) {
                return false;
            }
            now = next;
            pullFromOverflow();
            Bucket b = wheel[(int) (now & MASK)];
            if (b != null && b.count > 0) {
                return true;
            }
        }
    }

    /** Sets the clock forward with nothing due before {@code time} (used after a bounded run). */
    void moveTo(long time) {
        if (time <= now) {
            return;
        }
        Bucket done = wheel[(int) (now & MASK)];
        if (done != null && cursor < done.count) {
            throw new IllegalStateException("events of " + now + " ms are still pending");
        }
        wheel[(int) (now & MASK)] = null;
        cursor = 0;
        now = time;
        pullFromOverflow();
    }

    private void pullFromOverflow() {
        while (!overflow.isEmpty() && overflow.peek().time() - now < HORIZON) {
            Far f = overflow.poll();
            addToWheel(f.time(), f.target(), f.sender(), f.payload());
        }
    }

    private void addToWheel(long time, int target, int sender, Object payload) {
        int slot = (int) (time & MASK);
        Bucket b = wheel[slot];
        if (b == null) {
            b = new Bucket();
            wheel[slot] = b;
        }
        b.add(target, sender, payload);
        inWheel++;
    }

    /** Event places the wheel's buckets hold, pending or not: what the wheel costs in memory. */
    long capacity() {
        long total = 0;
        for (Bucket b : wheel) {
            if (b != null) {
                total += b.targets.length;
            }
        }
        return total;
    }
}
