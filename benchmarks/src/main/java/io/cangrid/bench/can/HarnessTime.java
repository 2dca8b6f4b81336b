package io.cangrid.bench.can;

import java.util.function.Supplier;

/**
 * Wall time a benchmark spends on its own work rather than on the protocol: inspections and settle checks,
 * the shortest-path searches of the routing check, the forced collections of the heap figure, sampling
 * messages for their size. The driver wraps those calls; protocol code is never timed, so the share left
 * over is what the engine and the nodes cost.
 */
final class HarnessTime {

    private long nanos;

    <T> T measure(Supplier<T> work) {
        long start = System.nanoTime();
        try {
            return work.get();
        } finally {
            nanos += System.nanoTime() - start;
        }
    }

    void run(Runnable work) {
        measure(() -> {
            work.run();
            return null;
        });
    }

    long nanos() {
        return nanos;
    }

    /** The fraction of {@code wallNanos} measured here (0 when no time passed). */
    double shareOf(long wallNanos) {
        return wallNanos <= 0 ? 0 : Math.min(1.0, nanos / (double) wallNanos);
    }
}
