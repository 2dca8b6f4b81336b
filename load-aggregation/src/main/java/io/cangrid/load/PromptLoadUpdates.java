package io.cangrid.load;

import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Tells the neighbours below a node at once when the loads it publishes change, instead of at its next
 * periodic update. Only the lower neighbours in some dimension read a zone's aggregates (Eq. 1–2 look
 * upward), so only they hear early.
 *
 * <p>Why: with periodic updates alone a change moves one zone down per period, so a zone waits for the
 * whole chain of zones above it. Where many nodes share their capabilities their zones stack along the
 * virtual axis in chains far longer than the overlay's diameter (a grid of 131 skewed nodes had a chain
 * of 40 zones and diameter 5), and the aggregates there lagged by tens of periods. Sent on change, a value
 * travels down a chain in a few message latencies.
 *
 * <p>Changes coalesce: after an early update the next one waits {@code spacingMillis}, and every change
 * within that gap rides on it, so a busy region sends at most one early update per gap and neighbour.
 * The state message is the overlay's own, so no new message type exists and the periodic update still
 * carries everything when an early one is lost.
 */
public final class PromptLoadUpdates {

    private final NodeContext ctx;
    private final CanNode can;
    private final ZoneLoadPublisher publisher;
    private final long spacingMillis;
    private LoadState lastPublished;
    private long lastEarlyAt = Long.MIN_VALUE;
    private boolean pending;
    private boolean toEveryone;

    public PromptLoadUpdates(NodeContext ctx, CanNode can, ZoneLoadPublisher publisher, long spacingMillis) {
        if (spacingMillis < 0) {
            throw new IllegalArgumentException("the spacing of early load updates must be >= 0 ms, was "
                    + spacingMillis);
        }
        this.ctx = ctx;
        this.can = can;
        this.publisher = publisher;
        this.spacingMillis = spacingMillis;
    }

    /** What a state message about to leave carries: the neighbours have it, periodic or early. */
    public void published(LoadState loads) {
        lastPublished = loads;
    }

    /** Something the loads are computed from changed: a neighbour's state, or this node's queue. */
    public void inputsChanged() {
        publisher.invalidate();
        if (pending) {
            return;
        }
        pending = true;
        long now = ctx.now();
        long earliest = lastEarlyAt == Long.MIN_VALUE ? now : lastEarlyAt + spacingMillis;
        // Scheduled even with no delay, so that the changes of one instant coalesce into one update.
        ctx.schedule(Math.max(0, earliest - now), this::flush);
    }

    /**
     * This node's queue has just emptied: the next early update goes to every neighbour, so that those
     * holding waiting jobs hear that it is free.
     */
    public void freeNow() {
        toEveryone = true;
        inputsChanged();
    }

    private void flush() {
        pending = false;
        boolean everyone = toEveryone;
        toEveryone = false;
        if (can.phase() != CanPhase.ACTIVE || lastPublished == null) {
            return;
        }
        if (sameLoads(publisher.current(), lastPublished)) {
            return;
        }
        List<NodeId> below = everyone ? can.neighbours().stream().map(NeighbourEntry::id).toList() : lowerNeighbours();
        if (below.isEmpty()) {
            return;
        }
        lastEarlyAt = ctx.now();
        can.sendStateNow(below);
    }

    private List<NodeId> lowerNeighbours() {
        Zone[] own = can.zones();
        List<NodeId> below = new ArrayList<>();
        for (NeighbourEntry e : can.neighbours()) {
            if (isBelowAny(e.zones(), own)) {
                below.add(e.id());
            }
        }
        return below;
    }

    private static boolean isBelowAny(Zone[] theirs, Zone[] own) {
        for (Zone t : theirs) {
            for (Zone o : own) {
                for (int d = 0; d < o.dimensions(); d++) {
                    if (t.hasUpperNeighbour(o, d)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether two published loads say the same to a lower neighbour: the same queue length and, zone by
     * zone, the same counts. Aggregates are recomputed in a fixed order from the same inputs, so equal
     * inputs give identical values and an exact comparison sends nothing for nothing.
     */
    static boolean sameLoads(LoadState a, LoadState b) {
        if (a.own().queueLength() != b.own().queueLength() || a.zones().length != b.zones().length) {
            return false;
        }
        for (int i = 0; i < a.zones().length; i++) {
            ZoneLoad x = a.zones()[i];
            ZoneLoad y = b.zones()[i];
            if (!x.zone().sameBox(y.zone()) || x.nodes() != y.nodes() || x.queued() != y.queued()
                    || !Arrays.equals(x.nodesAbove(), y.nodesAbove())
                    || !Arrays.equals(x.queuedAbove(), y.queuedAbove())) {
                return false;
            }
        }
        return true;
    }
}
