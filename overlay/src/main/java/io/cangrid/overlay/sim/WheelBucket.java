package io.cangrid.overlay.sim;

import java.util.Arrays;

/**
 * One millisecond's events on the {@link EventQueue}'s wheel, in insertion order, as three parallel arrays
 * of a fixed power-of-two capacity. A bucket does not grow in place: a full one hands its events to a
 * bucket of twice the size, so buckets of one size can be pooled ({@link BucketPool}).
 */
final class WheelBucket {

    final int[] targets;
    final int[] senders;
    final Object[] payloads;
    int count;

    WheelBucket(int capacity) {
        targets = new int[capacity];
        senders = new int[capacity];
        payloads = new Object[capacity];
    }

    int capacity() {
        return targets.length;
    }

    boolean isFull() {
        return count == targets.length;
    }

    void add(int target, int sender, Object payload) {
        targets[count] = target;
        senders[count] = sender;
        payloads[count] = payload;
        count++;
    }

    /** Moves every event into the empty, larger {@code to}, in order; this bucket ends empty. */
    void moveTo(WheelBucket to) {
        System.arraycopy(targets, 0, to.targets, 0, count);
        System.arraycopy(senders, 0, to.senders, 0, count);
        System.arraycopy(payloads, 0, to.payloads, 0, count);
        to.count = count;
        clear();
    }

    /** Empties the bucket, letting go of payloads not yet taken, so a pooled bucket pins no message. */
    void clear() {
        Arrays.fill(payloads, 0, count, null);
        count = 0;
    }
}
