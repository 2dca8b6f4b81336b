package io.cangrid.hygra.tick;

import io.cangrid.hygra.message.FindFailure;
import io.cangrid.hygra.message.FindRequest;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.hygra.protocol.FindingListener;
import io.cangrid.overlay.NodeId;
import java.util.EnumMap;
import java.util.Map;

/**
 * Counts the outcomes of the requests issued in the measured window (ids in [first, end)), judging each
 * against the global view of the grid at the moment it happens.
 */
final class TickMeasurements implements FindingListener {

    private TickGrid grid;
    private long firstMeasured = Long.MAX_VALUE;
    private long endMeasured = Long.MAX_VALUE;
    private long requests;
    private long allocated;
    private long rejected;
    private long failed;
    private long open;
    private long steps;
    private double optimalitySum;
    private long distanceTick = -1;
    private double largestDistance;
    private final Map<FindFailure, Long> failures = new EnumMap<>(FindFailure.class);

    void watch(TickGrid watched) {
        this.grid = watched;
    }

    void measureFrom(long firstId) {
        firstMeasured = firstId;
    }

    void measureUntil(long endId) {
        endMeasured = endId;
    }

    boolean measured(long requestId) {
        return requestId >= firstMeasured && requestId < endMeasured;
    }

    /** A measured request was issued; {@code routed} is false when nothing could host it. */
    void issued(boolean routed) {
        requests++;
        if (routed) {
            open++;
        } else {
            rejected++;
        }
    }

    long open() {
        return open;
    }

    @Override
    public void allocated(FindRequest request, NodeState hostBefore) {
        if (!measured(request.requestId())) {
            return;
        }
        open--;
        allocated++;
        steps += request.hops();
        NodeState best = grid.bestHost(request);
        double largest = largestDistanceNow();
        double miss = largest == 0 ? 0 : best.point().distanceTo(hostBefore.point()) / largest;
        optimalitySum += 1 - miss;
    }

    @Override
    public void failed(FindRequest request, NodeId at, FindFailure failure) {
        if (!measured(request.requestId())) {
            return;
        }
        open--;
        if (grid.anyCanHost(request.demand())) {
            failed++;
            failures.merge(failure, 1L, Long::sum);
        } else {
            rejected++;
        }
    }

    /** Once per tick: the nodes' spread changes slowly, and the pairwise scan is quadratic. */
    private double largestDistanceNow() {
        long tick = grid.runtime().tick();
        if (tick != distanceTick) {
            distanceTick = tick;
            largestDistance = grid.largestDistance();
        }
        return largestDistance;
    }

    RateResult result(int rate) {
        return new RateResult(rate, requests, allocated, rejected, failed,
                allocated == 0 ? 0 : (double) failed / allocated,
                allocated == 0 ? 0 : (double) steps / allocated,
                allocated == 0 ? 0 : optimalitySum / allocated, failures);
    }
}
