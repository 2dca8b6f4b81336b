package io.cangrid.overlay.sim;

/**
 * Empty wheel buckets kept for reuse, a few of each size up to {@link #LARGEST_POOLED}. A busy simulation
 * drains a slot and fills or grows others every millisecond; taking their buckets from here spares the
 * allocation and zeroing of their arrays. The pool is bounded (at most {@link #MAX_HELD} event places
 * in all), so it is no peak kept forever: larger buckets, and any beyond the few per size, go back to the
 * collector.
 */
final class BucketPool {

    static final int SMALLEST = 4;
    static final int LARGEST_POOLED = 4096;
    private static final int PER_SIZE = 8;
    private static final int SIZES = Integer.numberOfTrailingZeros(LARGEST_POOLED / SMALLEST) + 1;
    /** Event places the pool may hold: {@link #PER_SIZE} of every pooled size. */
    static final long MAX_HELD = (long) PER_SIZE * (2L * LARGEST_POOLED - SMALLEST);

    private final WheelBucket[][] spare = new WheelBucket[SIZES][PER_SIZE];
    private final int[] spares = new int[SIZES];

    /** An empty bucket of {@code capacity}, a power of two at least {@link #SMALLEST}. */
    WheelBucket take(int capacity) {
        int size = sizeOf(capacity);
        if (size < SIZES && spares[size] > 0) {
            int i = --spares[size];
            WheelBucket b = spare[size][i];
            spare[size][i] = null;
            return b;
        }
        return new WheelBucket(capacity);
    }

    /** Takes back a bucket no slot uses any more; it is emptied first. */
    void give(WheelBucket b) {
        b.clear();
        int size = sizeOf(b.capacity());
        if (size < SIZES && spares[size] < PER_SIZE) {
            spare[size][spares[size]++] = b;
        }
    }

    /** Event places held by the pool. */
    long capacity() {
        long total = 0;
        for (int size = 0; size < SIZES; size++) {
            total += (long) spares[size] * (SMALLEST << size);
        }
        return total;
    }

    private static int sizeOf(int capacity) {
        return Integer.numberOfTrailingZeros(capacity / SMALLEST);
    }
}
