package io.cangrid.overlay.sim;

import java.util.PriorityQueue;

/**
 * The simulation's single event queue: a timing wheel of one-millisecond slots over the next
 * {@link #HORIZON} milliseconds, with events further ahead waiting in an overflow heap until the wheel
 * reaches them. An event is three values in parallel arrays (target node, sender, payload), so queueing a
 * message allocates no object of its own. Events of one millisecond come out in the order they went in,
 * which, with one seed for all randomness, makes every run repeatable.
 *
 * <p>Memory follows what is pending, not the busiest moment: a slot holds a bucket only while it has
 * events, and a bucket's capacity is at most twice its events (or the smallest size). A drained or
 * outgrown bucket goes to a small bounded {@link BucketPool}, so a burst of messages in one millisecond is
 * not paid for again in every later turn of the wheel, and a steadily busy run still reuses its buckets.
 */
final class EventQueue {

    static final int HORIZON = 1 << 16;
    private static final int MASK = HORIZON - 1;

    private record Far(long time, long seq, int target, int sender, Object payload) implements Comparable<Far> {
        @Override
        public int compareTo(Far o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final WheelBucket[] wheel = new WheelBucket[HORIZON];
    private final BucketPool pool = new BucketPool();
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
        WheelBucket b = wheel[(int) (now & MASK)];
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
        WheelBucket b = wheel[(int) (now & MASK)];
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
        release(now);
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
                    WheelBucket b = wheel[(int) (next & MASK)];
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
            WheelBucket b = wheel[(int) (now & MASK)];
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
        WheelBucket done = wheel[(int) (now & MASK)];
        if (done != null && cursor < done.count) {
            throw new IllegalStateException("events of " + now + " ms are still pending");
        }
        release(now);
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
        WheelBucket b = wheel[slot];
        if (b == null) {
            b = pool.take(BucketPool.SMALLEST);
            wheel[slot] = b;
        } else if (b.isFull()) {
            WheelBucket bigger = pool.take(2 * b.capacity());
            b.moveTo(bigger);
            pool.give(b);
            b = bigger;
            wheel[slot] = b;
        }
        b.add(target, sender, payload);
        inWheel++;
    }

    /** The slot of {@code time}, all of whose events have been taken, lets its bucket go. */
    private void release(long time) {
        int slot = (int) (time & MASK);
        WheelBucket b = wheel[slot];
        if (b != null) {
            wheel[slot] = null;
            pool.give(b);
        }
        cursor = 0;
    }

    /** Event places the wheel's slots hold, pending or not (the pool's not included). */
    long capacity() {
        long total = 0;
        for (WheelBucket b : wheel) {
            if (b != null) {
                total += b.capacity();
            }
        }
        return total;
    }

    /** Event places kept in the pool for reuse. */
    long pooledCapacity() {
        return pool.capacity();
    }
}
