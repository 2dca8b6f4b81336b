package io.cangrid.overlay.sim;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * The simulation's single event queue: a timing wheel of one-millisecond slots over the next
 * {@link #HORIZON} milliseconds, with events further ahead waiting in an overflow heap until the wheel
 * reaches them. An event is three values in parallel arrays (target node, sender, payload), so queueing a
 * message allocates nothing. Events of one millisecond come out in the order they went in, which, with
 * one seed for all randomness, makes every run repeatable.
 */
final class EventQueue {

    static final int HORIZON = 1 << 16;
    private static final int MASK = HORIZON - 1;

    /** One slot's events, kept between uses so a busy simulation stops allocating. */
    private static final class Bucket {
        int count;
        int[] targets = new int[4];
        int[] senders = new int[4];
        Object[] payloads = new Object[4];

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
            int slot = (int) (time & MASK);
            Bucket b = wheel[slot];
            if (b == null) {
                b = new Bucket();
                wheel[slot] = b;
            }
            b.add(target, sender, payload);
            inWheel++;
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
        Bucket done = wheel[(int) (now & MASK)];
        if (done != null) {
            done.count = 0;
        }
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
        if (done != null && cursor >= done.count) {
            done.count = 0;
            cursor = 0;
        } else if (done != null && cursor < done.count) {
            throw new IllegalStateException("events of " + now + " ms are still pending");
        }
        now = time;
        pullFromOverflow();
    }

    private void pullFromOverflow() {
        while (!overflow.isEmpty() && overflow.peek().time() - now < HORIZON) {
            Far f = overflow.poll();
            int slot = (int) (f.time() & MASK);
            Bucket b = wheel[slot];
            if (b == null) {
                b = new Bucket();
                wheel[slot] = b;
            }
            b.add(f.target(), f.sender(), f.payload());
            inWheel++;
        }
    }
}
